import Foundation
import Glibc
import Testing
@testable import Playback
import ViewKit
@testable import NowPlaying

/// The real app over the whole hostile corpus (issue 17, "What must show"), which the repository's script
/// `scripts/make-hostile-corpus.py` writes: damaged files of every format, headers that lie, picture bombs
/// embedded and beside, a FIFO and a socket, binary and huge lyrics, huge tags. For each of its folders the
/// app runs headless (dummy audio, paused) on a script that flips to the lyrics and back and skips through every
/// track, and must: exit 0 within a generous hang detector (not a timing); write each problem on stderr once,
/// in its own words (every line is one of ours: the libraries' chatter stays off the terminal); go on from
/// each good track to the next good one, never resting on a file it reported; and stay within its memory
/// limit (VmHWM, as `--stats` reports it).
@Suite(.serialized)
struct HostileCorpusTests {
    /// The app's peak memory on one folder may exceed its peak on the demo album by one picture at its
    /// largest drawn size (`PictureDecoder.largestSide`², 4096² ARGB: 64 MiB); on the folder of huge tags by
    /// the tags themselves, which TagLib (as UTF-32) and FFmpeg each hold whole while reading them: 7–8 MB
    /// tags, 160 MiB.
    static let pictureAllowanceKiB = 64 * 1024
    static let hugeTagAllowanceKiB = 160 * 1024

    /// Runs the app on `library` with `script`; returns its exit code, its stderr lines and its peak memory.
    private func run(_ library: String, script: String, scratch: URL) throws -> (code: Int32, errors: [String], peakKiB: Int) {
        let binary = try #require(ChildProcess.nowplaying, "the nowplaying executable is built (swift build --build-tests)")
        let id = UUID().uuidString
        let scriptPath = scratch.appendingPathComponent("script-\(id).txt"), stats = scratch.appendingPathComponent("stats-\(id).json")
        let errors = scratch.appendingPathComponent("stderr-\(id).txt")
        try script.write(to: scriptPath, atomically: true, encoding: .utf8)
        var env = ProcessInfo.processInfo.environment
        env["SDL_AUDIODRIVER"] = "dummy"
        // Paused, so that only the script moves from track to track (the 2 s tones would run out in real time).
        let app = try ChildProcess(binary.path, ["--headless", "--paused", "--new-instance", "--size", "414x736",
                                                 "--state-dir", scratch.appendingPathComponent("state-\(id)").path,
                                                 "--script", scriptPath.path, "--stats", stats.path, library],
                                   env: env, errors: errors.path)
        // A hang detector: each folder takes seconds; before, a FIFO or a lyrics file held the app for ever.
        let exited = waitFor(120) { !app.isRunning }
        if !exited { kill(app.pid, SIGKILL) }
        #expect(exited, "the app on \(library) came back within 2 minutes")
        let code = app.wait()
        let lines = try String(contentsOf: errors, encoding: .utf8).split(separator: "\n").map(String.init)
        let peak = (try? JSONDecoder().decode(RunReport.self, from: Data(contentsOf: stats)))?.peakMemoryKiB ?? Int.max
        return (code, lines, peak)
    }

    /// A script that flips to the lyrics and back, then for each of `tracks` waits, settles (the track opened,
    /// or the damaged ones after it skipped), dumps and skips on.
    private func skipping(_ tracks: Int, dumpsIn dir: URL) -> String {
        var lines = ["wait 300", "key l", "wait 500", "key l", "wait 300"]
        for i in 0..<tracks {
            lines += ["wait 400", "settle", "dump \(dir.appendingPathComponent("\(i).json").path)", "key right"]
        }
        return (lines + ["wait 300", "quit"]).joined(separator: "\n")
    }

    @Test func theAppRunsOverEveryHostileFile() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("np-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let corpus = scratch.appendingPathComponent("corpus")
        let entries = try HostileCorpus.make(in: corpus)
        let demo = try run(try AppResources.locate().demoAlbum, script: skipping(8, dumpsIn: scratch), scratch: scratch)
        #expect(demo.code == 0)

        let folders = Array(Set(entries.map(\.folder))).sorted()
        #expect(folders.count == 12, "\(folders)")
        for folder in folders {
            let mine = entries.filter { $0.folder == folder }
            let tracks = mine.filter { $0.expect != "picture" && !$0.name.hasSuffix(".lrc") }
            let dumps = scratch.appendingPathComponent("dumps-\(folder)")
            try FileManager.default.createDirectory(at: dumps, withIntermediateDirectories: true)
            let result = try run(corpus.appendingPathComponent(folder).path, script: skipping(tracks.count, dumpsIn: dumps),
                                 scratch: scratch)
            #expect(result.code == 0, "\(folder): exit \(result.code)")

            // One line per problem, each once, each ours.
            #expect(Set(result.errors).count == result.errors.count, "\(folder): a line written twice: \(result.errors)")
            for line in result.errors {
                #expect(line.hasPrefix("nowplaying: "), "\(folder): not our line: \(line)")
            }
            for entry in mine where entry.expect == "report" {
                let naming = result.errors.filter { $0.contains(entry.name) }
                #expect(naming.count == 1, "\(folder)/\(entry.name) (\(entry.kind)): \(naming.count) lines: \(result.errors)")
            }

            // The titles the card showed, one per skip: every good track in order, nothing reported between.
            let titles = try (0..<tracks.count).compactMap { i -> String? in
                let url = dumps.appendingPathComponent("\(i).json")
                return try JSONDecoder().decode(ViewDump.self, from: Data(contentsOf: url)).find("title")?.text
            }
            // (Skipping on from the last track comes back to the first: the titles count until the last good one.)
            let good = tracks.filter { $0.kind == "good" }.map(\.name)
            let end = try #require(titles.firstIndex(of: good[good.count - 1]), "\(folder): reaches its last good track: \(titles)")
            var seen: [String] = []
            for t in titles[...end] where good.contains(t) && seen.last != t { seen.append(t) }
            #expect(seen == good, "\(folder): the good tracks shown in turn: \(titles)")
            let reported = Set(mine.filter { $0.expect == "report" }.map { Track.title(fromFileName: String($0.name.split(separator: ".")[0])) })
            #expect(titles.allSatisfy { !reported.contains($0) }, "\(folder): rested on a reported file: \(titles)")

            let allowance = folder == "lyrics" ? Self.hugeTagAllowanceKiB : Self.pictureAllowanceKiB
            print("hostile corpus: \(folder): exit \(result.code), \(result.errors.count) lines, peak \(result.peakKiB / 1024) MiB (demo album \(demo.peakKiB / 1024) MiB)")
            #expect(result.peakKiB <= demo.peakKiB + allowance,
                    "\(folder): peak \(result.peakKiB / 1024) MiB, demo album \(demo.peakKiB / 1024) MiB")
        }
    }
}
