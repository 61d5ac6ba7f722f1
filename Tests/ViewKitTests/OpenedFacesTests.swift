import Foundation
import Testing
@testable import ViewKit

/// The UI font's faces are opened on a worker while the window opens (`OpenedFaces`): the text renderer made with
/// them opens none itself for the first text it draws, and draws the very pixels of one that opened its own.
@MainActor
struct OpenedFacesTests {
    private func draw(on canvas: OffscreenCanvas) -> [UInt32] {
        let root = View(frame: Rect(origin: .zero, size: canvas.size))
        root.backgroundColor = .black
        // 16 px is the size the faces are opened at: drawn there first, they keep what they measured ahead.
        for (i, (weight, size)) in [(Font.Weight.regular, 16.0), (.bold, 16), (.regular, 22), (.bold, 13)].enumerated() {
            let label = Label(text: "0:00 Quiz 4567 jumps — 1:10", font: Font(size: size, weight: weight), color: .white)
            label.frame = Rect(x: 4, y: 4 + Double(i) * 30, width: canvas.size.width - 8, height: 28)
            root.addSubview(label)
        }
        canvas.render(root)
        return canvas.rgbPixels()
    }

    @Test func textDrawnWithFacesOpenedAheadOpensNoneAndLooksTheSame() throws {
        let size = Size(width: 300, height: 130)
        let ahead = try OffscreenCanvas(size: size, fonts: Fixtures.fonts, openedFaces: OpenedFaces(library: Fixtures.fonts))
        let own = try OffscreenCanvas(size: size, fonts: Fixtures.fonts)
        let drawnAhead = draw(on: ahead), drawnOwn = draw(on: own)
        #expect(drawnOwn.contains { $0 != 0 }, "the lines are drawn")
        #expect(own.renderer.text.facesOpened == 2, "a renderer on its own opens the two weights' faces")
        #expect(ahead.renderer.text.facesOpened == 0, "the faces opened ahead are the ones drawn with")
        #expect(drawnAhead == drawnOwn, "the same pixels")
    }

    /// Faces are handed to one text renderer: a second made with the same `OpenedFaces` opens its own.
    @Test func facesOpenedAheadAreHandedOnce() throws {
        let faces = OpenedFaces(library: Fixtures.fonts)
        let first = try OffscreenCanvas(size: Size(width: 300, height: 130), fonts: Fixtures.fonts, openedFaces: faces)
        let second = try OffscreenCanvas(size: Size(width: 300, height: 130), fonts: Fixtures.fonts, openedFaces: faces)
        #expect(draw(on: first) == draw(on: second))
        #expect(first.renderer.text.facesOpened == 0 && second.renderer.text.facesOpened == 2)
    }

    /// An application opens its fonts' faces while SDL opens its window: its first frame's text opens none.
    @Test func anApplicationsFirstFrameOpensNoFace() throws {
        let a = try Application(configuration: .init(title: "faces", size: Size(width: 200, height: 80), headless: true,
                                                     fonts: Fixtures.fonts), clock: ManualClock())
        let label = Label(text: "Hello 0:00", font: Font(size: 17, weight: .bold), color: .white)
        label.frame = Rect(x: 10, y: 10, width: 180, height: 30)
        a.window.addSubview(label)
        a.drawIfNeeded()
        #expect(a.renderer.frameCount == 1)
        #expect(a.renderer.text.facesOpened == 0)
    }
}
