import Foundation
import Testing
import ViewKit
@testable import NowPlaying

/// The banner's words: a message names a file by its whole path on stderr, and the banner, two lines cut in their
/// middle, lost the file's name when the path was deep (noticed by a session, on a library four folders down).
@MainActor
struct MessageBannerTests {
    static let deep = "/home/ada/Music/Night Lines/Deluxe Edition (2024)/03 Glass Orchard.flac could not be read: "
        + "the file is damaged (FLAC__STREAM_DECODER_ERROR_STATUS_LOST_SYNC)."

    @Test func aPathIsShownAsItsFolderAndName() {
        #expect(MessageBanner.onScreen(Self.deep).hasPrefix("…/Deluxe Edition (2024)/03 Glass Orchard.flac could not be read: "))
        #expect(MessageBanner.onScreen("/music/Vol. 2/Disc 1/01 Intro.mp3: no audio stream.") == "…/Disc 1/01 Intro.mp3: no audio stream.",
                "a dot in a folder's name does not end the path")
        #expect(MessageBanner.onScreen("/tmp/song.ogg does not exist; skipped.") == "/tmp/song.ogg does not exist; skipped.",
                "a short path stays whole")
        #expect(MessageBanner.onScreen("/music/album skipped 2 files that are not audio: clip.avi, notes.doc.")
                == "/music/album skipped 2 files that are not audio: clip.avi, notes.doc.", "a folder stays whole")
        #expect(MessageBanner.onScreen("Cannot play /m/a/b/c.mid (SDL_mixer: no notes).") == "Cannot play …/b/c.mid.",
                "the decoder's own words go too")
    }

    /// What the user reads: the banner's two lines, at the card's width on a phone, name the file.
    @Test func theBannerNamesTheFile() throws {
        let a = try NowPlayingApp.headless(size: Size(width: 375, height: 667))
        func shown(_ text: String) -> String {
            a.root.showMessage(text)
            a.application.window.layoutTreeIfNeeded()
            let label = a.root.message.label
            return label.layoutLines(with: a.application.renderer.text, scale: a.application.renderer.pixelScale).joined(separator: " ")
        }
        #expect(!shown(Self.deep).contains("Glass Orchard.flac"), "the whole path: the name is cut away")
        let lines = shown(MessageBanner.onScreen(Self.deep))
        #expect(lines.contains("03 Glass Orchard.flac"), "shown: \(lines)")
    }
}
