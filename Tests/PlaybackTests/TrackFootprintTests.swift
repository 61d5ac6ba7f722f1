import Testing
@testable import Playback

/// Issue 18 (memory flat from 10 to 10,000 tracks): the library holds one `Track` per file, so what a track
/// weighs is paid ten thousand times over.
struct TrackFootprintTests {
    /// Five strings of 16 bytes, three numbers of 8 and four ReplayGain values of 8: 136 bytes. With each
    /// optional number kept as Swift lays out an optional (9 bytes, padded to 16) a track took 192.
    @Test func aTrackTakes136Bytes() {
        #expect(MemoryLayout<Track>.stride <= 5 * 16 + 3 * 8 + 4 * 8)
        #expect(MemoryLayout<ReplayGain>.stride <= 4 * 8)
    }

    @Test func optionalFieldsKeepWhatWasSet() {
        var t = Track(path: "/m/a.mp3", title: "A", artist: "B", album: "C")
        #expect(t.trackNumber == nil && t.discNumber == nil && t.duration == nil && t.replayGain == nil)
        t.trackNumber = 0; t.discNumber = Int.max; t.duration = 0
        #expect(t.trackNumber == 0 && t.discNumber == Int.max && t.duration == 0)
        t.duration = -0.0
        #expect(t.duration == 0 && t.duration?.sign == .minus)
        t.replayGain = ReplayGain(trackGain: -7.23, albumPeak: 0.988)
        #expect(t.replayGain?.trackGain == -7.23 && t.replayGain?.albumPeak == 0.988)
        #expect(t.replayGain?.trackPeak == nil && t.replayGain?.albumGain == nil)
        t.trackNumber = nil; t.duration = nil; t.replayGain = nil
        #expect(t.trackNumber == nil && t.duration == nil && t.replayGain == nil)
    }

    /// Not a number is no value (a gain or a length of NaN must never be applied), and tracks that differ
    /// only in how "none" was written are equal and hash alike.
    @Test func notANumberIsNone() {
        var a = Track(path: "/m/a.mp3", title: "A", artist: "B", album: "C", duration: .nan)
        #expect(a.duration == nil)
        a.replayGain = ReplayGain(trackGain: .nan)
        #expect(a.replayGain == nil, "a ReplayGain with nothing known is none")
        let b = Track(path: "/m/a.mp3", title: "A", artist: "B", album: "C")
        #expect(a == b)
        #expect(Set([a, b]).count == 1)
        #expect(ReplayGain(trackGain: .nan, albumGain: 1) == ReplayGain(albumGain: 1))
    }

    /// The queue's array grows by doubling while the library comes in batches of 256; once the reading is done it
    /// holds its tracks and little more (an eighth at most), not up to twice their room.
    @MainActor @Test func theQueueLetsGoOfTheRoomItGrewIntoOnceTheLibraryIsRead() throws {
        let player = try Player(driver: "dummy", fallbackToSilence: false)
        let session = PlaybackSession(tracks: [Track(path: "/m/0.mp3", title: "0", artist: "A", album: "B")], player: player, seed: 1)
        var added = 1
        while added < 10_000 {
            let batch = (added..<min(10_000, added + 256)).map { Track(path: "/m/\($0).mp3", title: "\($0)", artist: "A", album: "B") }
            session.append(batch)
            added += batch.count
        }
        #expect(session.tracks.count == 10_000)
        #expect(session.tracks.capacity >= 16_384, "grown by doubling while reading")
        session.tracksRead()
        #expect(session.tracks.count == 10_000 && session.tracks[9_999].title == "9999")
        #expect(session.tracks.capacity <= 10_000 + 10_000 / 8)
    }
}
