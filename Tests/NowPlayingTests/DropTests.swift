import CSDL2
import Foundation
import Locking
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

    private func app(loader: BackgroundLibrary.Loader? = nil) throws -> NowPlayingApp {
        var options = headlessOptions(size: Size(width: 375, height: 667))
        options.libraryLoader = loader
        let a = try NowPlayingApp(options: options)
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
        app.advanceFrame()
        // The dropped files are read off the interface thread: their tracks join on a later turn of the loop.
        let count = app.session.tracks.count, message = app.root.message.label.text
        _ = waitFor(10) { app.advanceFrame(); return app.session.tracks.count != count || app.root.message.label.text != message }
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
        // Once the line before has had its two seconds (MessageSchedule).
        for _ in 0..<130 { a.advanceFrame() }
        #expect(a.root.message.label.text == "Nothing playable in \(missing).")
    }

    /// A folder and a playlist dropped together: the folder's tracks in album order, then the playlist's.
    @Test func aFolderAndAPlaylistJoinTheQueue() throws {
        let playlist = FileManager.default.temporaryDirectory.appendingPathComponent("np-drop-\(UUID().uuidString).m3u")
        defer { try? FileManager.default.removeItem(at: playlist) }
        try "#EXTM3U\n\(demo)/08-northbound.ogg\n\(demo)/05-midnight-tram.ogg\n".write(to: playlist, atomically: true, encoding: .utf8)
        let a = try app()
        a.cards.dismiss(animated: false)
        drop([demo, playlist.path], on: a)
        #expect(waitFor(10) { a.advanceFrame(); return a.session.tracks.count == 18 }, "8 + 8 + 2: \(a.session.tracks.count)")
        let titles = a.session.tracks.map(\.title)
        #expect(Array(titles[8..<16]) == Array(titles[0..<8]), "the folder again, in album order")
        #expect(Array(titles[16...]) == ["Northbound", "Midnight Tram"], "then the playlist in its order")
    }

    /// Issue 17: no read of a file on the interface thread can block it. A drop of a folder on a slow disk (a
    /// reader held until the window has turned, or 10 s) leaves the window turning while it is read.
    @Test func aDropOnASlowDiskDoesNotHoldTheWindow() throws {
        let turned = DispatchSemaphore(value: 0)
        let releasedByTheWindow = Locked(false)
        let a = try app(loader: { paths, _, batch in
            if paths != [self.demo + "/05-midnight-tram.ogg"] { return Library.load(paths, onBatch: batch) }
            releasedByTheWindow.withLock { $0 = turned.wait(timeout: .now() + 10) == .success }
            Library.load(paths, onBatch: batch)
        })
        var e = SDL_Event()
        e.type = SDL_DROPFILE.rawValue
        e.drop.file = SDL_strdup(demo + "/05-midnight-tram.ogg")
        SDL_PushEvent(&e)
        a.advanceFrame()
        a.advanceFrame()
        turned.signal()
        #expect(waitFor(10) { a.advanceFrame(); return a.session.tracks.count == 9 }, "the dropped track joins once read")
        #expect(releasedByTheWindow.withLock { $0 }, "the window turned while the folder was being read")
    }

    /// Files named one after the other join in that order, however long each takes to read: a folder on a slow
    /// disk named before a file that is read at once still comes first.
    @Test func whatIsNamedFirstJoinsFirst() throws {
        let slow = demo + "/05-midnight-tram.ogg", fast = demo + "/08-northbound.ogg"
        let release = DispatchSemaphore(value: 0), fastRead = DispatchSemaphore(value: 0)
        let a = try app(loader: { paths, _, batch in
            if paths == [slow] { _ = release.wait(timeout: .now() + 10) }
            Library.load(paths) { result in
                if paths == [fast] { fastRead.signal() }
                batch(result)
            }
        })
        a.cards.dismiss(animated: false)
        a.open([slow], playFirst: false)
        a.open([fast], playFirst: false)
        #expect(fastRead.wait(timeout: .now() + 10) == .success, "the second file was read")
        for _ in 0..<5 { a.advanceFrame() }
        #expect(a.session.tracks.count == 8, "and waits for the first")
        release.signal()
        #expect(waitFor(10) { a.advanceFrame(); return a.session.tracks.count == 10 })
        #expect(a.session.tracks.suffix(2).map(\.title) == ["Midnight Tram", "Northbound"], "in the order they were named")
    }
}
