import Testing
@testable import Playback

/// The check every length read from a file passes (issue 17): finite, positive, and no more seconds than
/// the file has bytes (the least any format here needs is well above a byte a second).
struct TrackLengthTests {
    @Test func implausibleLengthsAreUnknown() {
        #expect(TrackLength.validated(180, fileSize: 3_000_000) == 180)
        #expect(TrackLength.validated(.nan, fileSize: 3_000_000) == nil)
        #expect(TrackLength.validated(.infinity, fileSize: 3_000_000) == nil)
        #expect(TrackLength.validated(-1, fileSize: 3_000_000) == nil)
        #expect(TrackLength.validated(0, fileSize: 3_000_000) == nil)
        // 432 hours is 1,555,200 s: a 33 KB FLAC cannot hold it, a 1.6 MB file could.
        #expect(TrackLength.validated(1_555_200, fileSize: 33_000) == nil)
        #expect(TrackLength.validated(1_555_200, fileSize: 1_600_000) == 1_555_200)
    }
}
