import CSDL2
import Foundation
import Playback
import Testing
import ViewKit
@testable import NowPlaying

/// The card's controls and keys move real playback (headless, dummy audio output).
@MainActor
struct PlaybackWiringTests {
    let state = NSTemporaryDirectory() + "np-wiring-\(UUID().uuidString)"

    private func app(paths: [String] = [], paused: Bool = true, fps: Bool = false) throws -> NowPlayingApp {
        var o = NowPlayingApp.Options()
        o.size = Size(width: 375, height: 667)
        o.headless = true
        o.startPaused = paused
        o.paths = paths
        o.showFPS = fps
        o.stateDirectory = state
        let a = try NowPlayingApp(options: o)
        a.application.drawIfNeeded()
        return a
    }

    /// Posts input, then lets `frames` frames pass on the virtual clock.
    private func send(_ app: NowPlayingApp, _ inputs: [SyntheticInput], frames: Int = 2) {
        for i in inputs { app.application.post(i); app.advanceFrame() }
        for _ in 0..<frames { app.advanceFrame() }
    }

    /// Turns the loop until `condition` holds (the library is read on another thread), for at most 20 s.
    private func pump(_ app: NowPlayingApp, until condition: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(20)
        while !condition() && Date() < end {
            app.advanceFrame()
            Thread.sleep(forTimeInterval: 0.002)
        }
        return condition()
    }

    private func tap(_ app: NowPlayingApp, _ id: String) throws {
        let v = try #require(app.application.window.viewWithIdentifier(id))
        let c = v.convert(Point(x: v.bounds.midX, y: v.bounds.midY), to: nil)
        send(app, [.mouseDown(c), .mouseUp(c)])
    }

    @Test func theFPSReadoutNeverKeepsAnIdleWindowDrawing() throws {
        let a = try app(fps: true)
        #expect(a.application.window.viewWithIdentifier("fps").map { ($0 as! Label).text.hasSuffix("fps") } == true)
        send(a, [], frames: 30)
        let drawn = a.application.renderer.frameCount
        send(a, [], frames: 30)
        #expect(a.application.renderer.frameCount == drawn, "nothing moves: no frames, readout or not")
        send(a, [.key(KeyPress(name: "right"))], frames: 5)
        #expect(a.application.renderer.frameCount > drawn)
    }

    /// A track whose file could not be read when the library was (a download not yet finished) and can when it
    /// plays takes its stream's title and its length in its row too, not only on the card, and its cover (a tester
    /// found the row still named after the file, with no length, and the folder's placeholder for its cover).
    @Test func aTracksRowShowsWhatOpeningItTold() throws {
        let dir = NSTemporaryDirectory() + "np-row-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let demo = try AppResources.locate().demoAlbum
        try FileManager.default.copyItem(atPath: demo + "/01-neon-harbor.ogg", toPath: dir + "/1 first.ogg")
        try Data("not yet a file".utf8).write(to: URL(fileURLWithPath: dir + "/2 second.ogg"))
        let a = try app(paths: [dir])
        #expect(pump(a) { a.session.tracks.count == 2 })
        try FileManager.default.removeItem(atPath: dir + "/2 second.ogg")
        try FileManager.default.copyItem(atPath: demo + "/05-midnight-tram.ogg", toPath: dir + "/2 second.ogg")
        a.session.select(1)
        a.session.finishLoading()
        send(a, [])
        let row = try #require(a.application.window.viewWithIdentifier("library.item.1") as? LibraryCell)
        #expect(row.title.text == "Midnight Tram", "the stream's title in the row")
        #expect(row.duration.text == TimeFormat.length(a.session.player.duration), "the played length in the row")
        #expect(a.controller.cover(for: 1) != nil, "its embedded cover, found missing when the file could not be read")
    }

    /// An idle app keeps no audio device open (its thread would wake the process many times a second);
    /// play reopens it and goes on from where the track was. A paused start opens none until play.
    @Test func notPlayingForTwoSecondsReleasesTheAudioOutput() throws {
        let a = try app()
        let player = a.session.player
        #expect(!player.isOutputOpen, "a paused start opens no output")
        send(a, [.key(KeyPress(name: "space"))])
        #expect(player.isOutputOpen && a.session.isPlaying, "play opens it")
        send(a, [.key(KeyPress(name: "space"))])
        a.session.seek(to: 5)
        send(a, [], frames: Int(PlaybackClock.outputReleaseDelay * 60) + 2)
        #expect(!player.isOutputOpen, "released after \(PlaybackClock.outputReleaseDelay) s paused")
        #expect(abs(a.session.position - 5) < 0.01, "the position survives the release")
        send(a, [.key(KeyPress(name: "space"))])
        #expect(player.isOutputOpen && a.session.isPlaying)
        #expect(a.session.position >= 5, "playing goes on from 5 s")
        send(a, [.key(KeyPress(name: "space"))], frames: 60)
        #expect(player.isOutputOpen, "a short pause keeps the output")
    }

    @Test func playPauseButtonTogglesSoundAndIcon() throws {
        let a = try app()
        #expect(!a.session.isPlaying)
        try tap(a, "playPause")
        #expect(a.session.isPlaying, "SPEC P1: play")
        #expect(a.view.playPauseButton.image(for: .normal) === a.view.icons.pause, "SPEC T3: the icon shows pause while playing")
        try tap(a, "playPause")
        #expect(!a.session.isPlaying)
        #expect(a.view.playPauseButton.image(for: .normal) === a.view.icons.play)
    }

    @Test func nextAndPreviousScrollTheCarouselToTheTrack() throws {
        let a = try app()
        try tap(a, "next")
        #expect(a.session.current == 1)
        send(a, [], frames: 40)
        #expect(a.view.carousel.centeredItem == 1, "SPEC C7: the carousel followed")
        #expect(a.view.titleLabel.text == "Paper Satellites")
        #expect(a.application.title == "Paper Satellites — The Quiet Frequencies")
        try tap(a, "previous")
        send(a, [], frames: 40)
        #expect(a.session.current == 0 && a.view.carousel.centeredItem == 0)
    }

    @Test func shuffleAndRepeatShowTheirState() throws {
        let a = try app()
        try tap(a, "shuffle")
        #expect(a.session.isShuffled && a.view.shuffleButton.isSelected)
        try tap(a, "repeat")
        #expect(a.session.repeatMode == .all && a.view.repeatButton.isSelected)
        try tap(a, "repeat")
        #expect(a.session.repeatMode == .one && a.view.repeatButton.image(for: .normal) === a.view.icons.repeatOne)
        try tap(a, "repeat")
        #expect(a.session.repeatMode == .off && !a.view.repeatButton.isSelected)
    }

    /// Grabs the progress thumb at its start and holds it at the track's middle; returns the slider and where it is held.
    private func holdProgressAtItsMiddle(_ a: NowPlayingApp) -> (slider: Slider, at: Point) {
        let slider = a.view.progress
        let from = slider.convert(Point(x: 2, y: slider.bounds.midY), to: nil)
        let to = slider.convert(Point(x: slider.bounds.width / 2, y: slider.bounds.midY), to: nil)
        send(a, [.mouseDown(from), .mouseMove(to)])
        return (slider, to)
    }

    @Test func draggingTheSliderSeeks() throws {
        let a = try app()
        let (slider, to) = holdProgressAtItsMiddle(a)
        #expect(slider.isHighlighted, "SPEC T6: the larger thumb while held")
        #expect(a.view.elapsedLabel.text == TimeFormat.elapsed(slider.value), "the time follows the thumb")
        send(a, [.mouseUp(to)])
        #expect(abs(a.session.position - slider.value) < 0.01, "releasing seeks")
        #expect(abs(a.session.position - a.session.duration / 2) < 1.5)
    }

    /// A tester: → while holding the thumb changed the track, and letting go sought the new track to the place
    /// picked on the old one. Let go after a track change, the slider seeks nothing and shows the new track.
    @Test func aScrubHeldAcrossATrackChangeSeeksNothing() throws {
        let a = try app()
        let (slider, to) = holdProgressAtItsMiddle(a)
        #expect(slider.isHighlighted)
        send(a, [.key(KeyPress(name: "right"))], frames: 5)
        #expect(pump(a) { a.session.current == 1 && a.session.player.path == a.session.tracks[1].path })
        send(a, [.mouseUp(to)])
        #expect(a.session.position < 1, "the new track from its start, not sought to \(slider.value)")
        #expect(!slider.isHighlighted && slider.value < 1, "the slider shows the new track")
    }

    @Test func keysControlPlayback() throws {
        let a = try app()
        send(a, [.key(KeyPress(name: "space"))])
        #expect(a.session.isPlaying)
        send(a, [.key(KeyPress(name: "space"))])
        let before = a.session.volume
        send(a, [.key(KeyPress(name: "down"))])
        #expect(abs(a.session.volume - (before - 0.1)) < 0.01)
        #expect(a.root.message.label.text.hasPrefix("Volume"))
        let start = a.session.position
        send(a, [.key(KeyPress(name: "right", shift: true))])
        #expect(abs(a.session.position - (start + 10)) < 0.01, "shift+→ seeks 10 s")
        send(a, [.key(KeyPress(name: "left", shift: true))])
        #expect(abs(a.session.position - start) < 0.01, "shift+← seeks back")
        send(a, [.key(KeyPress(name: "right"))])
        #expect(a.session.current == 1)
        send(a, [.key(KeyPress(name: "s")), .key(KeyPress(name: "r"))])
        #expect(a.session.isShuffled && a.session.repeatMode == .all)
    }

    /// A media key as SDL delivers it: a key-down event with SDL's media keycode.
    private func press(_ app: NowPlayingApp, _ code: SDL_KeyCode) {
        var e = SDL_Event()
        e.type = SDL_KEYDOWN.rawValue
        e.key.state = UInt8(SDL_PRESSED)
        e.key.keysym.sym = SDL_Keycode(code.rawValue)
        e.key.keysym.scancode = SDL_GetScancodeFromKey(e.key.keysym.sym)
        SDL_PushEvent(&e)
        for _ in 0..<3 { app.advanceFrame() }
    }

    @Test func mediaKeysControlPlayback() throws {
        let a = try app()
        press(a, SDLK_AUDIOPLAY)
        #expect(a.session.isPlaying, "play starts")
        press(a, SDLK_AUDIOPLAY)
        #expect(!a.session.isPlaying, "and pauses")
        press(a, SDLK_AUDIONEXT)
        #expect(a.session.current == 1)
        press(a, SDLK_AUDIOPREV)
        #expect(a.session.current == 0)
        a.session.volume = 0.5
        press(a, SDLK_VOLUMEUP)
        #expect(abs(a.session.volume - 0.6) < 0.01)
        press(a, SDLK_VOLUMEDOWN)
        press(a, SDLK_VOLUMEDOWN)
        #expect(abs(a.session.volume - 0.4) < 0.01)
        press(a, SDLK_AUDIOMUTE)
        #expect(a.session.volume == 0, "mute silences")
        press(a, SDLK_AUDIOMUTE)
        #expect(abs(a.session.volume - 0.4) < 0.01, "and mute again restores the volume")
        press(a, SDLK_AUDIOPLAY)
        a.session.seek(to: 5)
        press(a, SDLK_AUDIOSTOP)
        #expect(!a.session.isPlaying && a.session.position < 0.01, "stop pauses at the start")
    }

    @Test func settlingOnACoverPlaysThatTrack() throws {
        let a = try app(paused: false)
        send(a, [.mouseDown(Point(x: 300, y: 250)), .mouseMove(Point(x: 250, y: 250)), .mouseMove(Point(x: 180, y: 250)),
                 .mouseMove(Point(x: 80, y: 250))], frames: 20)
        send(a, [.mouseUp(Point(x: 80, y: 250))], frames: 60)
        #expect(a.session.current == 1, "SPEC C7")
        #expect(a.session.isPlaying)
        #expect(a.session.player.path?.hasSuffix("02-paper-satellites.mp3") == true)
    }

    @Test func aRestoredSessionComesBackPausedWhereItWas() throws {
        let demo = try AppResources.locate().demoAlbum
        let paths = Library.load([demo]).tracks.map(\.path)
        try PlaybackState(paths: paths, current: 2, position: 17, volume: 0.6, shuffle: false, repeatMode: .all).save(to: state)
        let a = try app(paused: false)
        #expect(a.session.current == 2)
        #expect(!a.session.isPlaying, "paused")
        #expect(abs(a.session.position - 17) < 0.01)
        #expect(abs(a.session.volume - 0.6) < 0.01 && a.session.repeatMode == .all)
        #expect(a.view.elapsedLabel.text == "0:17")
    }

    @Test func aCorruptSessionIsReportedAndTheDemoPlays() throws {
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        try "{ not json".write(toFile: state + "/state.json", atomically: true, encoding: .utf8)
        let a = try app()
        #expect(a.session.tracks.count == 8)
        #expect(a.root.message.label.text.contains("could not be used"))
    }

    @Test func badPathsAreReportedOnScreenAndTheRestPlays() throws {
        let dir = NSTemporaryDirectory() + "np-bad-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try "garbage".write(toFile: dir + "/1 broken.ogg", atomically: true, encoding: .utf8)
        let demoTrack = try AppResources.locate().demoAlbum + "/05-midnight-tram.ogg"
        let a = try app(paths: [dir, demoTrack, dir + "/missing.mp3"])
        #expect(pump(a) { a.session.tracks.count == 2 && !a.session.expectsMoreTracks })
        // The broken file is opened on the player's worker: its failure, and the skip, come after.
        a.session.finishLoading()
        #expect(a.session.current == 1, "the broken file was skipped")
        #expect(a.view.titleLabel.text == "Midnight Tram")
        send(a, [], frames: 20)
        #expect(a.root.message.presentationAlpha == 1, "a message is on screen")
    }

    /// A large library does not hold the window up: the app starts on the first album, and the rest joins
    /// the queue, the carousel and the library list as it is read.
    @Test func theRestOfALargeLibraryArrivesAfterTheFirstFrame() throws {
        let root = NSTemporaryDirectory() + "np-large-\(UUID().uuidString)"
        let track = try AppResources.locate().demoAlbum + "/05-midnight-tram.ogg"
        for album in 1...30 {
            let dir = root + "/Album \(album)"
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            for n in 1...10 { try FileManager.default.createSymbolicLink(atPath: dir + "/\(n) Song.ogg", withDestinationPath: track) }
        }
        let a = try app(paths: [root])
        #expect(a.session.tracks.count < 300, "started before everything was read")
        #expect(a.session.tracks.prefix(10).allSatisfy { $0.path.hasPrefix(root + "/Album 1/") }, "on the first album")
        #expect(pump(a) { a.session.tracks.count == 300 && !a.session.expectsMoreTracks })
        #expect(a.session.tracks[299].path == root + "/Album 30/10 Song.ogg", "in album order")
        #expect(a.session.current == 0, "still on the first track")
        #expect(a.view.carousel.numberOfItems == 300 && a.root.library.list.numberOfItems == 300)
    }

    @Test func anUnreadableCoverImageIsReportedAndReplaced() throws {
        let dir = NSTemporaryDirectory() + "np-cover-\(UUID().uuidString)/Broken Art"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try AppResources.locate().demoAlbum + "/07-lantern-bay.opus", toPath: dir + "/a.opus")
        try Data("not a jpeg".utf8).write(to: URL(fileURLWithPath: dir + "/cover.jpg"))
        let a = try app(paths: [dir])
        a.application.drawIfNeeded()
        #expect(a.root.message.label.text.contains("cover.jpg"), "the broken picture is named")
        #expect(ViewDump(a.application.window).allTexts(under: "cover.0").contains("Night Lines"), "placeholder instead")
        #expect(a.session.isPlaying == false && a.session.player.path != nil, "the track itself is fine")
    }

    @Test func tracksWithoutPicturesGetAPlaceholderWithTheAlbumName() throws {
        let dir = NSTemporaryDirectory() + "np-plain-\(UUID().uuidString)/Field Recordings"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let demoTrack = try AppResources.locate().demoAlbum + "/07-lantern-bay.opus"
        try FileManager.default.copyItem(atPath: demoTrack, toPath: dir + "/rain.opus")
        let a = try app(paths: [dir])
        a.application.drawIfNeeded()
        let dump = ViewDump(a.application.window)
        let texts = dump.allTexts(under: "cover.0")
        #expect(texts.contains("Night Lines"), "the placeholder shows the album's name")
    }
}

extension ViewDump {
    /// The texts of the labels under a node.
    func allTexts(under id: String) -> [String] {
        guard let node = find(id) else { return [] }
        func walk(_ n: ViewDump) -> [String] { (n.hidden ? [] : [n.text].compactMap { $0 }) + n.children.flatMap(walk) }
        return walk(node)
    }
}
