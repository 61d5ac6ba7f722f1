@testable import Playback

extension Player {
    /// Loads `path` and waits until it is open, as the tests before asynchronous loading read: throws what the
    /// opened event would carry.
    func loadNow(_ path: String, gain: Double = 1) throws(PlayerError) {
        load(path, gain: gain)
        waitForOpening()
        if case .failed(let error) = handleOpenedEvent() { throw error }
    }
}
