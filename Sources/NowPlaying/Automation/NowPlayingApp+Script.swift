import Glibc
import ViewKit

/// Playing a script (`--script`) through the app, a frame per step.
extension NowPlayingApp {
    /// The longest a script's `settle` waits for things to stop moving, in seconds.
    static let settleLimit = 10.0

    /// Plays the script a frame per step; returns false when it asked to quit.
    func play(_ runner: ScriptRunner) throws -> Bool {
        while !application.quitRequested, let step = runner.next() {
            switch step {
            case .input(let input): application.post(input)
            case .idle: break
            case .screenshot(let path): try application.saveScreenshot(to: path)
            case .dump(let path):
                application.window.layoutTreeIfNeeded()
                try writeDump(to: path)
            case .await(let path):
                while access(path, F_OK) != 0 && !application.quitRequested { advanceFrame() }
            case .settle:
                // A track still opening (on the worker) may yet be skipped and move the carousel.
                session.finishLoading()
                let limit = application.clock.now + NowPlayingApp.settleLimit
                while application.window.animator.isActive && application.clock.now < limit { advanceFrame() }
            case .finish:
                // The end of the music comes from the audio thread, in real time: on the virtual clock a frame
                // also lets a millisecond pass, so the wait does not spin.
                while session.isPlaying || session.player.isOpening || session.expectsMoreTracks, !application.quitRequested {
                    advanceFrame()
                    if application.clock is ManualClock { usleep(1000) }
                }
            case .quit: return false
            }
            advanceFrame()
        }
        return !application.quitRequested
    }

    /// One frame of the script: handle what was posted, move animations on, draw.
    func advanceFrame() {
        let frame = 1 / ScriptRunner.frameRate
        if let manual = application.clock as? ManualClock {
            manual.advance(by: frame)
            application.turn(blocking: false)
        } else {
            let next = application.clock.now + frame
            application.turn(blocking: false)
            application.wait(until: next)
        }
    }
}
