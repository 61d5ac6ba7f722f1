import CSDL2
import Testing
@testable import ViewKit

/// Behaviour a UIKit developer expects, each checked against UIKit's documented rule.
@MainActor
struct UIKitFidelityTests {
    let clock = ManualClock()
    let window: Window

    init() {
        window = Window(clock: clock)
        window.frame = Rect(x: 0, y: 0, width: 400, height: 400)
    }

    @Test func settingTheFrameOfAScaledViewSizesTheBoundsSoTheFrameReadsBack() {
        let v = View()
        v.transform = AffineTransform(scaleX: 0.5, y: 0.25)
        v.frame = Rect(x: 10, y: 20, width: 100, height: 50)
        // Core Animation: bounds = the frame through the inverse transform, centre = the frame's centre.
        #expect(v.bounds.size == Size(width: 200, height: 200))
        #expect(v.center == Point(x: 60, y: 45))
        #expect(v.frame == Rect(x: 10, y: 20, width: 100, height: 50))
    }

    @Test func aQuarterTurnSwapsTheBoundsSides() {
        let v = View()
        v.transform = AffineTransform(rotationAngle: Double.pi / 2)
        v.frame = Rect(x: 0, y: 0, width: 100, height: 40)
        #expect(abs(v.bounds.width - 40) < 1e-9 && abs(v.bounds.height - 100) < 1e-9)
    }

    @Test func aViewKnowsItsWindow() {
        let outer = View(), inner = View()
        outer.addSubview(inner)
        #expect(inner.window == nil, "not in a window yet (UIView.window is nil)")
        window.addSubview(outer)
        #expect(inner.window === window && outer.window === window)
        outer.removeFromSuperview()
        #expect(inner.window == nil)
    }

    @Test func dequeuingAnUnregisteredIdentifierStopsWithItsName() async {
        // UIKit raises "could not dequeue a view of kind: UICollectionElementKindCell with identifier …".
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                _ = CollectionView().dequeueReusableCell(withReuseIdentifier: "never-registered", for: ItemPath(item: 0))
            }
        }
    }

    @Test func aLabelsIntrinsicSizeIsItsTextsSize() throws {
        let canvas = try OffscreenCanvas(size: Size(width: 400, height: 100), fonts: Fixtures.fonts)
        window.textMeasurer = (canvas.renderer.text, 1)
        let label = Label(text: "Hello, world", font: Font(size: 17))
        label.frame = Rect(x: 0, y: 0, width: 300, height: 40)
        window.addSubview(label)
        // The reference: SDL_ttf's own measurement of the string in the same face and size.
        let path = Fixtures.repoRoot.appendingPathComponent("Fonts/Inter-Regular.otf").path
        let font = try #require(TTF_OpenFont(path, 17))
        defer { TTF_CloseFont(font) }
        var w: Int32 = 0, h: Int32 = 0
        TTF_SizeUTF8(font, "Hello, world", &w, &h)
        let size = try #require(label.intrinsicContentSize)
        #expect(abs(size.width - Double(w)) <= 2, "\(size.width) vs SDL_ttf's \(w): the text's width, not the label's 300")
        #expect(abs(size.height - Double(TTF_FontLineSkip(font))) <= 2)
    }

    @Test func anAspectFillPictureSpillsOverUnlessItClips() throws {
        let canvas = try OffscreenCanvas(size: Size(width: 120, height: 120), fonts: Fixtures.fonts)
        let root = View(frame: Rect(x: 0, y: 0, width: 120, height: 120))
        root.backgroundColor = .black
        // A 2:1 red picture filling a 40 × 40 view: 80 wide, so it reaches 20 pt past each side.
        let picture = ImageView(image: try Fixtures.solidImage(width: 200, height: 100, hex: "FF0000"))
        picture.contentMode = .scaleAspectFill
        picture.frame = Rect(x: 40, y: 40, width: 40, height: 40)
        root.addSubview(picture)
        canvas.render(root)
        assertPixel(canvas.pixel(x: 30, y: 60), 255, 0, 0, 3, "UIKit draws the overflow without clipsToBounds")
        assertPixel(canvas.pixel(x: 60, y: 30), 0, 0, 0, 3, "above: the picture is only 40 high")
        picture.clipsToBounds = true
        canvas.render(root)
        assertPixel(canvas.pixel(x: 30, y: 60), 0, 0, 0, 3, "clipped to the bounds")
        assertPixel(canvas.pixel(x: 60, y: 60), 255, 0, 0, 3, "inside")
    }

    @Test func thePerspectiveViewTakesItsNumbersFromItsProperties() {
        let front = View(), behind = View()
        let flip = PerspectiveView(front: front, behind: behind)
        flip.frame = Rect(x: 0, y: 0, width: 400, height: 400)
        window.addSubview(flip)
        window.layoutIfNeeded()
        flip.behindTransform = AffineTransform(scaleX: 0.5, y: 0.5)
        #expect(behind.transform == AffineTransform(scaleX: 0.5, y: 0.5))
        flip.fadeOffset = 10
        flip.fadeDistance = 40
        flip.flipOffset = 1000
        window.touchDown(id: 0, at: Point(x: 200, y: 100), time: 0, isFinger: false)
        window.touchMoved(id: 0, to: Point(x: 200, y: 130), time: 0.1)
        // The front view follows the finger; alpha = 1 − (|t| − fadeOffset) / fadeDistance.
        #expect(front.transform == AffineTransform(translationX: 0, y: 30))
        #expect(abs(front.alpha - (1 - (30 - 10) / 40.0)) < 1e-9)
        flip.flipOffset = 50
        window.touchMoved(id: 0, to: Point(x: 200, y: 160), time: 0.2)
        #expect(flip.isFlipping, "past flipOffset the views change places")
    }
}
