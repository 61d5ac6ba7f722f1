import Foundation
import NowPlaying
import ViewKit

/// The scenarios of the benchmark for one renderer and window size.
struct Scenarios {
    /// How long things run: the full benchmark, or a quick pass that only proves it still works.
    struct Durations {
        var settle: Double, steady: Double, startupRuns: Int, repeats: Int
        /// Settling outlasts the app's release of an unused audio output (2 s).
        static let full = Durations(settle: 3, steady: 10, startupRuns: 9, repeats: 10)
        static let quick = Durations(settle: 2.5, steady: 1.5, startupRuns: 1, repeats: 2)
    }

    let app: AppRun
    let size: String
    let durations: Durations
    let demoAlbum: String
    /// The sound server the app plays through, sampled beside it (nil: none, e.g. SDL's dummy driver).
    var soundServer: ProcessProbe? = nil
    /// The benchmark's own X server (nil on the user's display), sampled beside it: what the app's presents cost it.
    var displayServer: ProcessProbe? = nil

    private var sizeArguments: [String] { ["--size", size] }

    /// 1 and 2: the window left alone for `steady` seconds after settling, paused or playing.
    func steady(playing: Bool) async throws -> (SteadyFigures, RunReport) {
        let servers = [soundServer, displayServer]
        var serverSamples: [[ProcessProbe.Sample]] = [[], []]
        let outcome = try await app.run(sizeArguments + [demoAlbum] + (playing ? [] : ["--paused"])) { sample in
            try await Task.sleep(for: .seconds(durations.settle))
            let a = sample()
            for (i, server) in servers.enumerated() { serverSamples[i] += server.map { [$0.sample()] } ?? [] }
            try await Task.sleep(for: .seconds(durations.steady))
            let b = sample()
            for (i, server) in servers.enumerated() { serverSamples[i] += server.map { [$0.sample()] } ?? [] }
            return [a, b]
        }
        var figures = SteadyFigures(from: outcome.samples[0], to: outcome.samples[1], frames: outcome.report.frames)
        let (sound, display) = (serverSamples[0], serverSamples[1])
        if sound.count == 2 { figures.server = ServerFigures(from: sound[0], to: sound[1]) }
        if display.count == 2 { figures.displayServer = ServerFigures(from: display[0], to: display[1]) }
        return (figures, outcome.report)
    }

    /// How the carousel is dragged.
    enum DragPattern {
        /// Flings and drags one way across the library, then back: to its ends, where a small library rests.
        case sweep
        /// From the fourth track, each fling and drag one way then back, never reaching an end (a fling moves two
        /// covers, a drag one): libraries of 10 and 10,000 tracks compared with the same covers moving the same way.
        case backAndForth
    }

    /// 3: drags and flings across the carousel of `library` (paused, so only input changes the track).
    func carousel(library: String, pattern: DragPattern = .sweep) async throws -> (FrameFigures, RunReport) {
        let rect = try await carouselRect(library: library)
        let y = rect[1] + rect[3] / 2, cx = rect[0] + rect[2] / 2, cell = rect[3]
        let flingOn = "drag \(cx + cell * 0.4) \(y) \(cx - cell * 0.4) \(y) 80", flingBack = "drag \(cx - cell * 0.4) \(y) \(cx + cell * 0.4) \(y) 80"
        let dragOn = "drag \(cx + cell * 0.45) \(y) \(cx - cell * 0.45) \(y) 400", dragBack = "drag \(cx - cell * 0.45) \(y) \(cx + cell * 0.45) \(y) 400"
        var lines = ["wait 500"]
        let flings = max(1, durations.repeats / 2)
        switch pattern {
        case .sweep:
            for _ in 0..<flings { lines += [flingOn, "wait 1500"] }
            for _ in 0..<durations.repeats / 2 + 1 { lines += [dragOn, "wait 600"] }
            for _ in 0..<flings + 1 { lines += [flingBack, "wait 1500"] }
            for _ in 0..<durations.repeats / 2 { lines += [dragBack, "wait 600"] }
        case .backAndForth:
            for _ in 0..<3 { lines += [dragOn, "wait 600"] }
            for _ in 0..<flings { lines += [flingOn, "wait 1500", flingBack, "wait 1500"] }
            for _ in 0..<durations.repeats / 2 { lines += [dragOn, "wait 600", dragBack, "wait 600"] }
        }
        lines.append("quit")
        let outcome = try await app.run(sizeArguments + ["--paused", library], script: lines.joined(separator: "\n"))
        return (FrameFigures(outcome.report.frames.dropFirst().map { $0 }), outcome.report)
    }

    /// 4: the card dismissed and presented, then the lyrics flipped, `repeats` times each.
    func cardAndFlip() async throws -> (FrameFigures, RunReport) {
        var lines = ["wait 500"]
        for _ in 0..<durations.repeats { lines += ["key escape", "wait 900", "key return", "wait 900"] }
        for _ in 0..<durations.repeats { lines += ["key l", "wait 1100"] }
        lines.append("quit")
        let outcome = try await app.run(sizeArguments + ["--paused", demoAlbum], script: lines.joined(separator: "\n"))
        return (FrameFigures(outcome.report.frames.dropFirst().map { $0 }), outcome.report)
    }

    /// 5: from starting the process to its first complete frame on screen, for each library (median of several
    /// starts). Libraries compared with each other are started in turn, round after round, so that a slower
    /// spell of this machine falls on all of them alike.
    func startup(libraries: [String]) async throws -> [(ms: Double, report: RunReport)] {
        var times = Array(repeating: [Double](), count: libraries.count)
        var last = [RunReport?](repeating: nil, count: libraries.count)
        for _ in 0..<durations.startupRuns {
            for (i, library) in libraries.enumerated() {
                let outcome = try await app.run(sizeArguments + ["--paused", library]) { _ in
                    try await Task.sleep(for: .seconds(durations.settle))
                    return []
                }
                guard let first = outcome.report.firstFrame else { throw BenchError("The app drew no frame.") }
                times[i].append((first - outcome.launched) * 1000)
                last[i] = outcome.report
            }
        }
        return zip(times, last).map { ($0.median, $1!) }
    }

    /// Where the carousel is at this size, from the app's own view dump.
    private func carouselRect(library: String) async throws -> [Double] {
        let dump = app.scratch.appendingPathComponent("dump-\(size).json")
        _ = try await app.run(sizeArguments + ["--headless", "--paused", "--dump-views", dump.path, library])
        let root = try JSONDecoder().decode(ViewDump.self, from: Data(contentsOf: dump))
        guard let rect = root.find("cover.0")?.windowRect else { throw BenchError("The view dump has no carousel.") }
        return rect
    }
}

extension RunReport {
    var peakMemoryMiB: Double { Double(peakMemoryKiB ?? 0) / 1024 }
}
