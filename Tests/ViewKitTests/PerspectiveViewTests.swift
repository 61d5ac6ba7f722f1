import Testing
@testable import ViewKit

/// The two-card flip's hook for animations that run along with it.
@MainActor
struct PerspectiveViewTests {
    let clock = ManualClock()
    let window: Window
    let front = View(), behind = View(), companion = View()
    let flip: PerspectiveView

    init() {
        window = Window(clock: clock)
        window.frame = Rect(x: 0, y: 0, width: 400, height: 400)
        flip = PerspectiveView(front: front, behind: behind)
        flip.frame = Rect(x: 0, y: 100, width: 400, height: 200)
        window.addSubview(flip)
        window.addSubview(companion)
    }

    @Test func alongsideAnimationsRunWithTheFlipAndNameTheViewComingFront() {
        var comingFront: [View] = []
        flip.animationsAlongsideFlip = { view in
            comingFront.append(view)
            companion.alpha = view === front ? 1 : 0
        }
        flip.flip()
        #expect(comingFront.count == 1 && comingFront[0] === behind)
        #expect(companion.alpha == 0, "the model value changes at once")
        #expect(companion.presentationAlpha == 1, "and animates from where it was")
        clock.now = flip.flipDuration / 2
        window.animator.tick()
        #expect(companion.presentationAlpha > 0 && companion.presentationAlpha < 1, "halfway through the flip")
        clock.now = flip.flipDuration
        window.animator.tick()
        #expect(companion.presentationAlpha == 0 && flip.frontView === behind)
        flip.flip()
        #expect(comingFront.count == 2 && comingFront[1] === front, "flipping back brings the first view front")
    }
}
