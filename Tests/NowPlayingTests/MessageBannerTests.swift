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

    /// Side by side on a small screen (the 480 × 320 kiosk: its card is drawn at 0.75, 640 × 427 pt) the header
    /// heads only the 300 pt artwork column. The banner reaches on over the empty band above the controls, as
    /// wide as a portrait one at its widest (480 − 2 × 16), from the header's margin, above the title; and the
    /// message's two lines hold the file's name and what is wrong (268 pt wide, they were "…flac…not exist; skipped.").
    @Test func aSideBySideBannerReachesPastANarrowHeader() throws {
        let size = Size(width: 640, height: 427)
        let l = CardLayout(size: size)
        #expect(l.isLandscape && l.header.width == 300)
        let f = MessageBanner.frame(in: size, overCard: true)
        #expect(f.width == 448 && f.minX == l.header.minX + 16 && f.maxX <= size.width - 16, "\(f)")
        #expect(f.minY <= l.header.minY + 6 && f.maxY >= l.header.maxY && f.maxY <= l.title.minY, "over the header's lines, above the title")
        let wide = MessageBanner.frame(in: Size(width: 1280, height: 800), overCard: true)
        let header = CardLayout(size: Size(width: 1280, height: 800)).header
        #expect(wide.width == header.width - 32 && wide.minX == header.minX + 16, "a wide header's banner stays its own width")

        // The words as the banner lays them out at that size (a headless app's text renderer, at 1 pixel a point).
        let a = try NowPlayingApp.headless(size: Size(width: 375, height: 667))
        let text = MessageBanner.onScreen("/music/Some Artist/An Album Name/03 missing-track.flac does not exist; skipped.")
        let banner = MessageBanner()
        banner.frame = f
        banner.label.text = text
        banner.layoutIfNeeded()
        let lines = banner.label.layoutLines(with: a.application.renderer.text, scale: 1)
        #expect(lines.joined(separator: " ") == text, "shown whole: \(lines)")
    }
}
