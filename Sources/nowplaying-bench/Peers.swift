import Foundation
import NowPlaying
import Subprocess
import SystemPackage

/// `--peers`: the music players people use, run through the same playing scenario as NowPlaying, on the same
/// display and sound server, so that the comparison of issue 18 can be repeated by anyone. Each program plays
/// the demo album from its command line, with a home folder of its own and a private session bus; measured
/// are the time until its window is on screen, its CPU and wakeups while it plays (with the processes it
/// started itself; services it asked D-Bus to start are not counted), the sound server's beside it, its peak
/// resident memory and its proportional set size.
/// Programs that are not installed are left out.
struct Peers {
    /// A program compared, and how it is told to play files.
    struct Program: Sendable {
        var name: String
        var executable: String
        var arguments: @Sendable (_ home: String, _ files: [String]) -> [String]
        var environment: [String: String?] = [:]
        /// Whether it opens a window (mpv without video does not: it has no start-up figure).
        var hasWindow = true
    }

    let display: String
    let server: SoundServer.Handle
    let bus: String
    let scratch: URL
    let durations: Scenarios.Durations
    /// Rounds of runs, the programs in turn in each (a slow spell of the machine falls on all alike).
    let rounds: Int

    /// NowPlaying on both renderers, then the players of Debian's packages that are installed.
    static func programs(nowPlaying: String) -> [Program] {
        let app: @Sendable (String, [String]) -> [String] = { home, files in
            ["--new-instance", "--state-dir", home + "/state", "--size", BenchReport.budgetSize] + files
        }
        let ours = [
            Program(name: "NowPlaying, software renderer", executable: nowPlaying, arguments: app,
                    environment: ["SDL_RENDER_DRIVER": "software", "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "pulseaudio"]),
            Program(name: "NowPlaying, default renderer", executable: nowPlaying, arguments: app,
                    environment: ["SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "pulseaudio"]),
        ]
        let theirs = [
            Program(name: "Audacious", executable: "/usr/bin/audacious", arguments: { _, files in ["--play"] + files }),
            Program(name: "Rhythmbox", executable: "/usr/bin/rhythmbox", arguments: { _, files in files }),
            Program(name: "Lollypop", executable: "/usr/bin/lollypop", arguments: { _, files in files }),
            Program(name: "mpv --no-video", executable: "/usr/bin/mpv",
                    arguments: { _, files in ["--no-video", "--no-terminal", "--ao=pulse"] + files }, hasWindow: false),
        ]
        return ours + theirs.filter { FileManager.default.isExecutableFile(atPath: $0.executable) }
    }

    /// Every program, `rounds` times, on the demo album (NowPlaying is given its folder, the others its files).
    func measure(_ programs: [Program], album: String) async throws -> [PeerFigures] {
        let files = try FileManager.default.contentsOfDirectory(atPath: album).sorted()
            .filter { ["mp3", "ogg", "opus", "flac", "wav", "m4a"].contains(URL(fileURLWithPath: $0).pathExtension) }
            .map { album + "/" + $0 }
        var runs = Array(repeating: [PeerFigures](), count: programs.count)
        for round in 0..<rounds {
            for (i, program) in programs.enumerated() {
                print("Measuring \(program.name) (round \(round + 1) of \(rounds)) …")
                let playing = program.executable.hasSuffix("/nowplaying") ? [album] : files
                runs[i].append(try await run(program, files: playing))
            }
        }
        return runs.map(PeerFigures.median)
    }

    /// One run: started, its window awaited, left to settle, then measured while it plays.
    private func run(_ program: Program, files: [String]) async throws -> PeerFigures {
        let home = scratch.appendingPathComponent("peer-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        var env: [String: String?] = ["HOME": home, "XDG_CONFIG_HOME": home + "/.config", "XDG_DATA_HOME": home + "/.local/share",
                                      "XDG_CACHE_HOME": home + "/.cache", "XDG_MUSIC_DIR": home, "DISPLAY": display,
                                      "PULSE_SERVER": server.address, "DBUS_SESSION_BUS_ADDRESS": bus,
                                      "NO_AT_BRIDGE": "1", "LC_ALL": "C.UTF-8"]
        env.merge(program.environment) { $1 }
        let launched = Monotonic.now()
        let result = try await Subprocess.run(
            .path(FilePath(program.executable)), arguments: Arguments(program.arguments(home, files)),
            environment: .inherit.updating(Dictionary(uniqueKeysWithValues: env.map { (Environment.Key(rawValue: $0.key)!, $0.value) })),
            input: .none, output: .discarded, error: .discarded) { execution -> PeerFigures in
            let pid = execution.processIdentifier.value
            defer { try? execution.send(signal: .terminate) }
            var startup: Double?
            if program.hasWindow {
                while Monotonic.now() - launched < 30 {
                    if try await hasVisibleWindow(pid) { startup = (Monotonic.now() - launched) * 1000; break }
                    try await Task.sleep(for: .milliseconds(10))
                }
            }
            try await Task.sleep(for: .seconds(durations.settle))
            let probe = ProcessProbe(pid: pid, withChildren: true), serverProbe = ProcessProbe(pid: server.pid)
            let a = probe.sample(), serverA = serverProbe.sample()
            let streamAtStart = try await serverHasStreams()
            try await Task.sleep(for: .seconds(durations.steady))
            let b = probe.sample(), serverB = serverProbe.sample()
            let memory = probe.memory()
            let streamAtEnd = try await serverHasStreams()
            let seconds = b.time - a.time, used = b.since(a)
            return PeerFigures(program: program.name, runs: 1, startupMs: startup, cpuPercent: used.cpu / seconds * 100,
                               wakeupsPerSecond: Double(used.wakeups) / seconds,
                               server: ServerFigures(from: serverA, to: serverB),
                               peakRSSMiB: Double(memory.peakKiB) / 1024, pssMiB: Double(memory.pssKiB) / 1024,
                               runsWithStream: streamAtStart || streamAtEnd ? 1 : 0)
        }
        return result.closureResult
    }

    /// Whether the process has a window mapped on the display (xdotool reads each window's _NET_WM_PID).
    private func hasVisibleWindow(_ pid: Int32) async throws -> Bool {
        let found = try await Subprocess.run(.name("xdotool"), arguments: ["search", "--onlyvisible", "--pid", "\(pid)"],
                                             environment: .inherit.updating(["DISPLAY": display]),
                                             output: .string(limit: 4096), error: .discarded)
        return !found.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }

    /// Whether the sound server is playing a stream (the program really plays).
    private func serverHasStreams() async throws -> Bool {
        let inputs = try await Subprocess.run(.name("pactl"), arguments: ["list", "short", "sink-inputs"],
                                              environment: .inherit.updating(["PULSE_SERVER": server.address]),
                                              output: .string(limit: 1 << 16), error: .discarded)
        return !inputs.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }
}
