import CSDL2
import Foundation
import Playback
import Testing
import ViewKit
@testable import NowPlaying

/// Files dropped on the window (SDL's drop events, pushed through its event queue as a desktop's
/// drag-and-drop delivers them): on the card the first plays now, on the library they join the queue.
@MainActor
struct DropTests {
    private let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets/Demo").path

    private func app() throws -> NowPlayingApp {
        let a = try NowPlayingApp(options: headlessOptions(size: Size(width: 375, height: 667)))
        a.application.drawIfNeeded()
        return a
    }

    /// One drop of `paths`: SDL_DROPBEGIN, an SDL_DROPFILE per path, SDL_DROPCOMPLETE.
    private func drop(_ paths: [String], on app: NowPlayingApp) {
        func push(_ type: SDL_EventType, _ file: String? = nil) {
            var e = SDL_Event()
            e.type = type.rawValue
            // SDL frees the file name after handling, as it does its own.
            e.drop.file = file.map { SDL_strdup($0) }
            SDL_PushEvent(&e)
        }
        push(SDL_DROPBEGIN)
        for p in paths { push(SDL_DROPFILE, p) }
        push(SDL_DROPCOMPLETE)
        for _ in 0..<3 { app.advanceFrame() }
    }

    @Test func droppedOnTheCardTheFirstPlaysNow() throws {
        let a = try app()
        #expect(a.cards.isPresented && a.session.tracks.count == 8 && !a.session.isPlaying)
        drop([demo + "/05-midnight-tram.ogg", demo + "/08-northbound.ogg"], on: a)
        #expect(a.session.tracks.count == 10, "both join the queue")
        #expect(a.session.current == 8 && a.session.currentTrack?.title == "Midnight Tram", "the first dropped is current")
        #expect(a.session.isPlaying, "and plays")
        #expect(a.view.titleLabel.text == "Midnight Tram")
    }

    @Test func droppedOnTheLibraryTheyJoinTheQueue() throws {
        let a = try app()
        a.cards.dismiss(animated: false)
        for _ in 0..<3 { a.advanceFrame() }
        drop([demo + "/05-midnight-tram.ogg"], on: a)
        #expect(a.session.tracks.count == 9)
        #expect(a.session.current == 0 && !a.session.isPlaying, "what played before goes on as it was")
        #expect(a.session.tracks.last?.title == "Midnight Tram")
    }

    @Test func whatCannotBePlayedIsReportedAsOnTheCommandLine() throws {
        let missing = "/nonexistent/song.ogg"
        let a = try app()
        a.cards.dismiss(animated: false)
        drop([missing, demo + "/05-midnight-tram.ogg"], on: a)
        #expect(a.session.tracks.count == 9, "the playable one joins")
        // The line the command line prints for the same path (it reports the library's problems as they are).
        let line = try #require(Library.load([missing]).problems.first)
        #expect(a.root.message.label.text == line)
        drop([missing], on: a)
        #expect(a.session.tracks.count == 9, "nothing joins")
        #expect(a.root.message.label.text == "Nothing playable in \(missing).")
    }
}
