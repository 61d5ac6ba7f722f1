import Testing
@testable import ViewKit

/// Pictures that claim more than they are worth (issue 17): their size is read first, and what would take
/// too long or too much memory is refused with a reason; an SVG is rasterised at the size it is shown at,
/// never at the canvas it declares. Work is counted through `DecodeLog`, not timed.
@MainActor
struct HostilePictureTests {
    /// 12000 × 12000 RGBA (576 MB of rows) deflates to a file of about half a megabyte: more data than
    /// `PictureDecoder.dataBudget` (256 MiB) lets a decoder go through, so it is refused without a decode.
    @Test func aPNGBombBeyondTheDataBudgetIsRefused() throws {
        let side = 12_000
        let row = [UInt8](repeating: 0, count: side * 4)
        let bytes = PNGWriter(width: side, height: side, colorType: .rgba).bytes { _ in row }
        let log = DecodeLog()
        DecodeLog.$current.withValue(log) {
            #expect {
                try DecodedImage(bytes: bytes, name: "bomb.png", preparingFor: Size(width: 400, height: 400))
            } throws: { error in
                "\(error)".contains("12000 × 12000 pixels, 549 MB of data, more than the 256 MB this program decodes")
            }
        }
        #expect(log.decodes.isEmpty, "\(log.decodes)")
    }

    /// A PNG whose header claims a million pixels a side is refused in our words: it is not handed to
    /// SDL_image (whose libpng would print its own warnings on the user's terminal).
    @Test func aPNGClaimingAnImpossibleSizeIsRefusedInOurWords() {
        let bytes = PNGWriter(width: 1 << 20, height: 1 << 20, colorType: .rgba).bytes { _ in [] }
        #expect {
            try DecodedImage(bytes: Array(bytes.prefix(33)) + Array(bytes.suffix(12)), name: "claims.png")
        } throws: { error in
            "\(error)" == "Cannot read image claims.png: the PNG picture's header is damaged or claims an impossible size"
        }
    }

    /// An SVG declaring a 12000 × 12000 canvas (576 MB of pixels at its own size; the issue's 60000² took
    /// 14 GB and crashed) is rasterised small when opened and at the drawn size when drawn; its size keeps
    /// its proportions within `PictureDecoder.largestSide`.
    @Test func anSVGIsNeverRasterisedAtItsDeclaredCanvas() throws {
        let side = 12_000
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(side)\" height=\"\(side)\" viewBox=\"0 0 \(side) \(side)\">"
            + "<rect width=\"\(side)\" height=\"\(side)\" fill=\"#884422\"/></svg>"
        let log = DecodeLog()
        try DecodeLog.$current.withValue(log) {
            let image = Image(decoded: try DecodedImage(bytes: Array(svg.utf8), name: "canvas.svg"))
            #expect(image.size == Size(width: 4096, height: 4096))
            let c = try OffscreenCanvas(size: Size(width: 200, height: 200), fonts: Fixtures.fonts)
            let v = ImageView(image: image)
            v.frame = Rect(x: 0, y: 0, width: 200, height: 200)
            c.render(v)
            assertPixel(c.pixel(x: 100, y: 100), 0x88, 0x44, 0x22, 3, "the SVG's fill")
        }
        // At most the drawn 200 px, give or take the rasteriser rounding its scaled size up.
        #expect(!log.decodes.isEmpty && log.decodes.allSatisfy { max($0.width, $0.height) <= 201 },
                "\(log.decodes.map { "\($0.width) × \($0.height)" })")
    }
}
