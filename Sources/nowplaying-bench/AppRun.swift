import Foundation
import NowPlaying
import Subprocess
import SystemPackage

/// One run of the app in a fresh process, with the options and environment of a benchmark configuration.
struct AppRun {
    /// What came back: the app's own report, and the CPU and wakeups sampled from outside while it ran.
    struct Outcome {
        var report: RunReport
        /// When the process was started (`Monotonic.now()`).
        var launched: Double
        /// Samples taken by `hold` (in order).
        var samples: [ProcessProbe.Sample]
    }

    /// The `nowplaying` executable built beside this one (the app as users run it).
    static let executable: FilePath? = {
        let dir = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let app = dir.appendingPathComponent("nowplaying").path
        return FileManager.default.isExecutableFile(atPath: app) ? FilePath(app) : nil
    }()

    let environment: [String: String?]
    let scratch: URL

    /// Runs the app with `arguments`. With a script it runs until the script quits; otherwise `hold`
    /// receives a sampler while the app runs, and the app is asked to quit (SIGTERM) when it returns.
    func run(_ arguments: [String], script: String? = nil,
             hold: ((() -> ProcessProbe.Sample) async throws -> [ProcessProbe.Sample])? = nil) async throws -> Outcome {
        let stats = scratch.appendingPathComponent("stats-\(UUID().uuidString).json")
        guard let executable = AppRun.executable else {
            throw BenchError("No nowplaying executable beside nowplaying-bench: build both with `swift build -c release`.")
        }
        // --new-instance: a NowPlaying the user has open must not be handed the benchmark's runs.
        var args = ["--new-instance", "--state-dir", scratch.appendingPathComponent("state").path, "--stats", stats.path]
            + arguments
        if let script {
            let file = scratch.appendingPathComponent("script-\(UUID().uuidString).txt")
            try script.write(to: file, atomically: true, encoding: .utf8)
            args += ["--script", file.path]
        }
        let env = Dictionary(uniqueKeysWithValues: environment.map { (Environment.Key(rawValue: $0.key)!, $0.value) })
        let launched = Monotonic.now()
        let result = try await Subprocess.run(.path(executable), arguments: Arguments(args),
                                              environment: .inherit.updating(env),
                                              input: .none, output: .discarded, error: .string(limit: 1 << 16)) { execution in
            guard let hold else { return [ProcessProbe.Sample]() }
            let probe = ProcessProbe(pid: execution.processIdentifier.value)
            let samples = try await hold { probe.sample() }
            try execution.send(signal: .terminate)
            return samples
        }
        guard result.terminationStatus.isSuccess,
              let data = try? Data(contentsOf: stats),
              let report = try? JSONDecoder().decode(RunReport.self, from: data) else {
            throw BenchError("The app did not finish cleanly (\(result.terminationStatus)) with \(arguments.joined(separator: " ")):\n"
                             + result.standardError)
        }
        try? FileManager.default.removeItem(at: stats)
        return Outcome(report: report, launched: launched, samples: result.closureResult)
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
