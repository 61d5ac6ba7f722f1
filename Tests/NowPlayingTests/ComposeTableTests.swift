import Foundation
import Testing

/// Start-up under X (issue 18): the app takes no text, only keys, so libX11 is not made to parse the locale's
/// compose table (thousands of sequences, a sixth of the time to the first frame) when SDL opens its input
/// method; a compose file the user chose is still the one read. Seen from outside: the files the app opens and
/// reads (strace). (Where libX11 has a global compose cache, /var/cache/libx11/compose, it maps the table
/// instead of reading it, and the first test would pass either way; Debian's Xvfb machines have none.)
@Suite(.serialized)
struct ComposeTableTests {
    /// The system calls the app makes opening, reading and closing files from start to quit.
    private func fileCalls(_ env: [String: String]) throws -> [String] {
        let strace = try #require(XDisplay.which("strace"), "strace is installed by scripts/install-deps.sh")
        let binary = try #require(ChildProcess.nowplaying, "the nowplaying executable is built beside the tests").path
        let x = try XDisplay(width: 800, height: 900)
        let dir = NSTemporaryDirectory() + "np-compose-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "quit\n".write(toFile: dir + "/script", atomically: true, encoding: .utf8)
        let log = dir + "/strace.txt"
        let run = try ChildProcess(strace, ["-qq", "-o", log, "-e", "trace=openat,read,close",
                                            binary, "--paused", "--new-instance", "--state-dir", dir + "/state", "--script", dir + "/script"],
                                   env: x.environment(["SDL_AUDIODRIVER": "dummy", "HOME": dir, "LANG": "C.UTF-8"].merging(env) { $1 }))
        #expect(run.wait() == 0)
        return try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    /// The bytes read from each file opened whose path satisfies `matching`, by path.
    private func bytesRead(_ calls: [String], matching: (String) -> Bool) -> [String: Int] {
        var open: [String: String] = [:], read: [String: Int] = [:]
        for call in calls {
            let result = call.split(separator: "=").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            if call.hasPrefix("openat("), let path = call.split(separator: "\"").dropFirst().first.map(String.init), matching(path),
               Int(result) != nil {
                open[result] = path
                read[path, default: 0] += 0
            } else if call.hasPrefix("read("), let fd = call.dropFirst(5).split(separator: ",").first.map(String.init),
                      let path = open[fd] {
                read[path, default: 0] += Int(result) ?? 0
            } else if call.hasPrefix("close("), let fd = call.dropFirst(6).split(separator: ")").first.map(String.init) {
                open[fd] = nil
            }
        }
        return read
    }

    @Test func theLocalesComposeTableIsNotRead() throws {
        let calls = try fileCalls([:])
        #expect(calls.contains { $0.contains("/usr/share/X11/locale/") }, "libX11 looked up the locale (the input method was opened)")
        let compose = bytesRead(calls) { $0.hasSuffix("/Compose") }
        #expect(compose.values.allSatisfy { $0 == 0 }, "a compose table was read: \(compose)")
    }

    @Test func aComposeFileTheUserChoseIsStillRead() throws {
        let mine = NSTemporaryDirectory() + "np-compose-\(UUID().uuidString).txt"
        try "<Multi_key> <a> <e> : \"æ\" ae\n".write(toFile: mine, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: mine) }
        #expect(bytesRead(try fileCalls(["XCOMPOSEFILE": mine])) { $0 == mine }[mine] ?? 0 > 0)
    }
}
