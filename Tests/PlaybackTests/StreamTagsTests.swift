import Locking
@testable import Playback
import Testing

/// The decoder reads a file's own tags (an MP3's ID3v2 tag, a large cover and all) only for a track whose tags
/// TagLib could not read: they stand in for the file name's fall-backs, and nowhere else.
@Suite struct StreamTagsTests {
    private let scratch = Scratch()

    @MainActor @Test func onlyATrackTagLibFoundNothingInHasItsFileTagsRead() throws {
        // Tagged, with an album named as its folder and a title as its file (as a tidy library has them).
        let folder = scratch.dir.lastPathComponent
        let tagged = Track(path: try scratch.wav("1 Glass Orchard.wav", seconds: 0.5), title: "Glass Orchard", artist: "Lantern", album: folder)
        let untagged = Track(path: try scratch.wav("2 untagged.wav", seconds: 0.5), tags: nil)
        try #require(tagged.title == Track(path: tagged.path, tags: nil).title, "the title is the file name's")
        let player = try Player(driver: "dummy", fallbackToSilence: false)
        let asked = Locked<[String: Bool]>([:])
        player.openDecoder = { path, backends, streamTags throws(PlayerError) in
            asked.withLock { $0[path] = streamTags }
            return try DecoderBackend.open(path, with: backends, streamTags: streamTags)
        }
        let session = PlaybackSession(tracks: [tagged, untagged], player: player, seed: 1)
        session.start(at: 0, playing: false)
        session.finishLoading()
        // The current track (tagged) is opened, and the one after it (untagged) queued to follow on the sample.
        player.waitForOpening()
        #expect(asked.withLock { $0 } == [tagged.path: false, untagged.path: true])
    }
}
