import Foundation
import Glibc
import Locking
@testable import NowPlaying
import Playback
import Testing

/// The session's lock between instances: an instance started while the owner quits (it has left the session bus
/// and is saving) waits for that save and then owns the session; a running owner is not waited for.
@Suite struct SessionLockTests {
    private func folder() throws -> String {
        let dir = NSTemporaryDirectory() + "np-lock-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func anInstanceStartedWhileTheOwnerQuitsWaitsForItAndOwnsTheSession() throws {
        let dir = try folder()
        var first: SessionLock? = SessionLock(directory: dir)
        #expect(first?.isOwner == true)
        first?.markQuitting()
        var pauses = 0
        let second = SessionLock(directory: dir, patience: .init(attempts: 5) {
            pauses += 1
            first = nil // the quitting owner has saved and ended
        })
        #expect(second.isOwner)
        #expect(pauses == 1)
        // The new owner's file no longer says "quitting": a third instance does not wait for the second.
        var thirdPauses = 0
        let third = SessionLock(directory: dir, patience: .init(attempts: 5) { thirdPauses += 1 })
        #expect(!third.isOwner)
        #expect(thirdPauses == 0)
    }

    @Test func aRunningOwnerIsNotWaitedFor() throws {
        let dir = try folder()
        let first = SessionLock(directory: dir)
        var pauses = 0
        let second = SessionLock(directory: dir, patience: .init(attempts: 5) { pauses += 1 })
        #expect(first.isOwner && !second.isOwner)
        #expect(pauses == 0)
    }

    @Test func anOwnerThatNeverEndsIsWaitedForAsLongAsThePatienceLasts() throws {
        let dir = try folder()
        let first = SessionLock(directory: dir)
        first.markQuitting()
        var pauses = 0
        let second = SessionLock(directory: dir, patience: .init(attempts: 7) { pauses += 1 })
        #expect(first.isOwner && !second.isOwner)
        #expect(pauses == 7)
    }

    @Test func aQuittingNameLeftByAnEndedProcessIsNotWaitedFor() throws {
        let dir = try folder()
        let first = SessionLock(directory: dir)
        // What a quitting owner that then crashed before its name was cleared would have left: its pid, now dead.
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        try "quitting \(ended.processIdentifier)\n".write(toFile: dir + "/session.lock", atomically: false, encoding: .utf8)
        var pauses = 0
        let second = SessionLock(directory: dir, patience: .init(attempts: 5) { pauses += 1 })
        #expect(first.isOwner && !second.isOwner)
        #expect(pauses == 0)
    }
}

/// The real app started while another owner of its session is quitting.
@Suite(.serialized)
struct SessionRelaunchTests {
    private let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets/Demo").path

    @Test func anAppStartedAsTheLastOneQuitsReadsItsSaveAndSavesItsOwn() throws {
        let state = NSTemporaryDirectory() + "np-relaunch-state-\(UUID().uuidString)"
        let tracks = try FileManager.default.contentsOfDirectory(atPath: demo)
            .filter { name in [".mp3", ".ogg", ".flac", ".opus"].contains { name.hasSuffix($0) } }.sorted().map { demo + "/" + $0 }
        // This test is the quitting owner: it holds the lock and says it is quitting; it saves a second after the
        // app starts (its queue at the third track), then ends.
        let quitting = Locked<SessionLock?>(SessionLock(directory: state))
        try #require(quitting.withLock { $0?.isOwner } == true)
        quitting.withLock { $0?.markQuitting() }
        let saved = PlaybackState(paths: tracks, current: 2, position: 0, volume: 1, shuffle: false, repeatMode: .off)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().asyncAfter(deadline: .now() + 1) {
            try? saved.save(to: state)
            quitting.withLock { $0 = nil }
            done.signal()
        }
        let app = try RunningApp(withBus: false, stateDirectory: state)
        done.wait()
        _ = try app.dump()
        let said = try String(contentsOfFile: app.errors, encoding: .utf8)
        #expect(!said.contains("Another NowPlaying is using the saved session"), "it owns the session: \(said)")
        // It opened where the last one saved (the third track); it moves on to the fourth and quits, saving it.
        try app.x.run("xdotool", ["key", "--window", app.window, "Right"])
        _ = try app.dump()
        try app.x.run("xdotool", ["key", "--window", app.window, "q"])
        #expect(waitFor(30) { !app.app.isRunning })
        #expect(app.app.wait() == 0)
        #expect(try PlaybackState.load(from: state)?.current == 3, "it read the last one's save and saved its own place")
        // As it quit it said so in the lock file, before leaving the bus and saving: the next start would wait.
        #expect(try String(contentsOfFile: state + "/session.lock", encoding: .utf8) == "quitting \(app.app.pid)\n")
    }
}
