import Testing
@testable import ViewKit

/// How changed places become the rectangles a frame redraws (LVGL's rule: join two only when their bounding
/// box holds no more pixels than the two apart).
struct DirtyRegionTests {
    private let screen = PixelRect(x: 0, y: 0, width: 400, height: 800)

    @Test func placesFarApartStayApart() {
        var r = DirtyRegion(bounds: screen)
        r.add(PixelRect(x: 10, y: 10, width: 100, height: 20))
        r.add(PixelRect(x: 10, y: 700, width: 100, height: 20))
        #expect(r.rects.count == 2)
        #expect(r.area == 2 * 100 * 20, "4,000 pixels, not the 71,000 of their bounding box")
    }

    @Test func overlappingPlacesAreJoinedWhenThatIsCheaper() {
        var r = DirtyRegion(bounds: screen)
        r.add(PixelRect(x: 0, y: 0, width: 100, height: 100))
        r.add(PixelRect(x: 50, y: 0, width: 100, height: 100))
        // Apart: 20,000 pixels (5,000 twice); joined: 15,000.
        #expect(r.rects == [PixelRect(x: 0, y: 0, width: 150, height: 100)])
    }

    @Test func aJoinCanJoinAgain() {
        var r = DirtyRegion(bounds: screen)
        r.add(PixelRect(x: 0, y: 0, width: 10, height: 10))
        r.add(PixelRect(x: 20, y: 0, width: 10, height: 10))
        #expect(r.rects.count == 2)
        // Bridges both: 0…30 × 0…10 (300 pixels) is cheaper than the three apart (100 + 100 + 300).
        r.add(PixelRect(x: 0, y: 0, width: 30, height: 10))
        #expect(r.rects == [PixelRect(x: 0, y: 0, width: 30, height: 10)])
    }

    @Test func placesInsideOthersAndOffScreenAddNothing() {
        var r = DirtyRegion(bounds: screen)
        r.add(PixelRect(x: 0, y: 0, width: 100, height: 100))
        r.add(PixelRect(x: 10, y: 10, width: 5, height: 5))
        r.add(PixelRect(x: 500, y: 0, width: 10, height: 10))
        r.add(PixelRect(x: 390, y: 790, width: 20, height: 20))
        #expect(r.rects == [PixelRect(x: 0, y: 0, width: 100, height: 100), PixelRect(x: 390, y: 790, width: 10, height: 10)])
    }

    @Test func tooManyPlacesBecomeTheirBoundingBox() {
        var r = DirtyRegion(bounds: screen)
        for i in 0...DirtyRegion.maximumCount { r.add(PixelRect(x: 0, y: i * 50, width: 10, height: 10)) }
        #expect(r.rects == [PixelRect(x: 0, y: 0, width: 10, height: DirtyRegion.maximumCount * 50 + 10)])
    }
}
