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

    /// A tester: at 414 pt the damaged file's line showed "…(not MP3, Ogg Vorbis, Opus,…g cannot open it). Skipped.",
    /// and no sound device "(ALSA: Couldn't open audio device: No such file or directory)". The banner leaves the
    /// technical detail in parentheses to stderr; a path keeps the parentheses in its folders' names.
    @Test func theTechnicalDetailStaysOnStderr() {
        #expect(MessageBanner.onScreen("Cannot play 03b-broken.mp3: it is damaged or not audio (not MP3, Ogg Vorbis, Opus, FLAC or WAV; "
                                       + "FFmpeg cannot open it). Skipped.") == "Cannot play 03b-broken.mp3: it is damaged or not audio. Skipped.")
        #expect(MessageBanner.onScreen("No audio output could be opened (ALSA: Couldn't open audio device: No such file or directory). "
                                       + "Playing silently.") == "No audio output could be opened. Playing silently.")
        #expect(MessageBanner.onScreen("Cannot play 03 Orchard (live).flac: it is damaged or not audio (libvorbisfile cannot open it (-132)). Skipped.")
                == "Cannot play 03 Orchard (live).flac: it is damaged or not audio. Skipped.", "a name's parentheses stay; nested detail goes whole")
        #expect(MessageBanner.onScreen("Nothing playable in /m/Night Lines (Deluxe Edition).") == "Nothing playable in /m/Night Lines (Deluxe Edition).",
                "a folder's name stays whole")
        #expect(MessageBanner.onScreen("The picture inside 02 Song (feat. Ada, Bo).mp3 cannot be read (bad huffman code); using a placeholder.")
                == "The picture inside 02 Song (feat. Ada, Bo).mp3 cannot be read; using a placeholder.")
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

    /// A tester: a missing file and a damaged one named together on the command line: stderr had both, the banner
    /// only the second (it replaced the first at once). Problems show in turn: a line 4 s when nothing waits, 2 s
    /// when another does; a status (the volume) shows at once in place of what shows, and the problems waiting
    /// follow it, the one it cut short first (a tester: a volume key cut the first problem short for good);
    /// beyond three waiting, a line counts the rest.
    @Test func problemsShowInTurnAndTheVolumeAtOnce() throws {
        let a = try NowPlayingApp.headless(size: Size(width: 375, height: 667))
        func shown(after seconds: Double) -> String? {
            for _ in 0..<Int((seconds * 60).rounded()) { a.advanceFrame() }
            return a.root.message.alpha > 0 ? a.root.message.label.text : nil
        }
        a.report("/nonexistent/song.mp3 does not exist; skipped.")
        a.report("Cannot play 03b-broken.mp3: it is damaged or not audio (FFmpeg cannot open it). Skipped.")
        #expect(shown(after: 1) == "/nonexistent/song.mp3 does not exist; skipped.")
        #expect(shown(after: 1.5) == "Cannot play 03b-broken.mp3: it is damaged or not audio. Skipped.", "the second after 2 s")
        #expect(shown(after: 3) == "Cannot play 03b-broken.mp3: it is damaged or not audio. Skipped.", "for 4 s: nothing waits")
        #expect(shown(after: 1) == nil, "then none")

        a.report("First problem.")
        a.report("Second problem.")
        _ = shown(after: 0.3)
        a.perform(.volume(by: -0.1))
        #expect(shown(after: 0.5)?.hasPrefix("Volume") == true, "the volume at once")
        #expect(shown(after: 2) == "First problem.", "the problem it cut short follows it")
        #expect(shown(after: 2) == "Second problem.", "then the one waiting")
        #expect(shown(after: 5) == nil)

        for n in 1...6 { a.report("Problem \(n).") }
        a.report("Problem 2.")
        var seen: [String] = []
        for _ in 0..<14 { if let line = shown(after: 1), seen.last != line { seen.append(line) } }
        #expect(seen == ["Problem 1.", "Problem 2.", "Problem 3.", "Problem 4.", "And 2 more problems."], "\(seen)")
        #expect(shown(after: 1) == nil)

        a.report("Alone.")
        _ = shown(after: 3)
        a.report("Later.")
        #expect(shown(after: 0.1) == "Later.", "a line that has had its 2 s gives way at once")
    }
}
