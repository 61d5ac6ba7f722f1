import Foundation
import Glibc
import Synchronization
import Testing
@testable import Playback

/// Files that real libraries and downloads hold (issue 17), made by scripts/make-hostile-corpus.py: what no
/// file is (a FIFO named like a track, a socket), headers that lie about the length, track numbers no album
/// has. Each is skipped with one line, or plays as far as it decodes, and nothing the file says reaches the
/// app unchecked.
@MainActor
@Suite(.serialized)
final class HostileFileTests {
    let scratch = Scratch()
    var capture: DiskCapture { DiskCapture(output: scratch.path("out.raw")) }

    /// A FIFO opened for reading waits for a writer for ever: the scan must never open one (the app used to
    /// hang before its first frame). A socket is no track either.
    @Test func aFIFOAndASocketInTheFolderAreSkippedWithOneLineEach() throws {
        let corpus = try HostileCorpus(parts: ["special"])
        defer { corpus.remove() }
        let result = Mutex<Library.Result?>(nil)
        let done = DispatchSemaphore(value: 0)
        let folder = corpus.path("special")
        Thread {
            let loaded = Library.load([folder])
            result.withLock { $0 = loaded }
            done.signal()
        }.start()
        // A generous hang detector, not a timing: the scan of four files takes milliseconds.
        let cameBack = done.wait(timeout: .now() + 30) == .success
        if !cameBack {
            // Give the blocked open its writer, so the test process can go on.
            let fd = open(corpus.path("special/02-pipe.mp3"), O_WRONLY | O_NONBLOCK)
            if fd >= 0 { close(fd) }
            done.wait()
        }
        #expect(cameBack, "the scan came back")
        let loaded = try #require(result.withLock { $0 })
        #expect(loaded.tracks.map { Library.fileName($0.path) } == ["01-good.ogg", "04-good.mp3"])
        for name in ["02-pipe.mp3", "03-socket.ogg"] {
            #expect(loaded.problems.filter { $0.contains(name) }.count == 1, "one line for \(name): \(loaded.problems)")
        }
    }

    /// A FIFO given on the command line, or listed in a playlist, is refused the same way.
    @Test func aFIFONamedOnTheCommandLineIsRefused() throws {
        let fifo = scratch.path("pipe.mp3")
        #expect(mkfifo(fifo, 0o644) == 0)
        let loaded = Library.load([fifo])
        #expect(loaded.tracks.isEmpty)
        #expect(loaded.problems.count == 1 && loaded.problems[0].contains("FIFO"), "\(loaded.problems)")
    }

    /// The tags' length is checked where it enters: a FLAC whose STREAMINFO counts 432 hours of samples and an
    /// MP3 whose Xing header counts 4,294,967,295 frames (31,165 hours), in files of a few KB, have no known
    /// length; the good files keep theirs (the script makes 2 s tones).
    @Test func lengthsAFileCannotHoldAreUnknown() throws {
        let corpus = try HostileCorpus(parts: ["headers"])
        defer { corpus.remove() }
        #expect(Tags.read(from: corpus.path("headers/03-432-hours.flac"))?.duration == nil)
        #expect(Tags.read(from: corpus.path("headers/04-xing-31165-hours.mp3"))?.duration == nil)
        let good = try #require(Tags.read(from: corpus.path("headers/01-good.flac"))?.duration)
        #expect(abs(good - 2) < 0.05, "\(good) s")
    }

    /// Track "99999999/4294967296" and disc "99999999999" are no album's numbers: ignored, and the file's
    /// name gives the order (06-numbers.mp3 sorts sixth, after 05-good.ogg).
    @Test func trackAndDiscNumbersOutOfRangeAreIgnored() throws {
        let corpus = try HostileCorpus(parts: ["headers"])
        defer { corpus.remove() }
        let tags = try #require(Tags.read(from: corpus.path("headers/06-numbers.mp3")))
        #expect(tags.trackNumber == nil && tags.discNumber == nil, "track \(String(describing: tags.trackNumber)), disc \(String(describing: tags.discNumber))")
        let order = Library.load([corpus.path("headers")]).tracks.map { Library.fileName($0.path) }
        #expect(order.firstIndex(of: "06-numbers.mp3") == order.firstIndex(of: "05-good.ogg").map { $0 + 1 }, "\(order)")
    }

    /// The decoder's length is checked the same way: the player reports 0 (unknown), plays the 2 s the files
    /// hold to their end, and a seek lands within what decodes (1 s in: 1 s is heard).
    @Test(arguments: ["headers/03-432-hours.flac", "headers/04-xing-31165-hours.mp3"])
    func aTrackOfUnknownLengthPlaysAndSeeks(file: String) throws {
        let corpus = try HostileCorpus(parts: ["headers"])
        defer { corpus.remove() }
        let player = try capture.player()
        for start in [0.0, 1.0] {
            let before = capture.frameCount
            try player.load(corpus.path(file))
            #expect(player.duration == 0, "length \(player.duration) s")
            player.play(from: start)
            let end = Date().addingTimeInterval(60)
            while player.isStreamActive && Date() < end { Thread.sleep(forTimeInterval: 0.01) }
            #expect(player.handleFinishedEvent() == .ended, "the track ran out")
            #expect(capture.waitForFrames(capture.frameCount + 4096))
            let frames = capture.captured().dropFirst(before)
            let first = try #require(frames.firstIndex { abs(Int($0.0)) > 2 })
            let last = try #require(frames.lastIndex { abs(Int($0.0)) > 2 })
            let heard = Double(last - first) / 44100
            #expect(abs(heard - (2 - start)) < 0.1, "\(heard) s heard from \(start) s of a 2 s tone")
        }
    }

    /// LRC time tags and offsets are numbers from a file too: an offset that is not finite (or of years), a
    /// time tag of more than a day, make malformed lines, and every time kept is finite (SPEC L5).
    @Test func lrcNumbersBeyondReasonAreMalformedLines() {
        for offset in ["nan", "inf", "-inf", "1e308", "+99999999999999"] {
            let lyrics = Lyrics.parse("[offset:\(offset)]\n[00:01.00]one\n[00:02.00]two\n", source: "x.lrc")
            #expect(lyrics.lines.map(\.time) == [1, 2], "offset \(offset): \(lyrics.lines)")
            #expect(lyrics.malformedLines == 1, "offset \(offset)")
        }
        let huge = Lyrics.parse("[99999999999999:00.00]far\n[00:01.00]one\n", source: "x.lrc")
        #expect(huge.lines.map(\.time) == [1] && huge.malformedLines == 1, "\(huge.lines)")
    }
}
