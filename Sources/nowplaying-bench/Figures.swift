import NowPlaying
import ViewKit

/// Per-frame CPU figures of an animated scenario.
struct FrameFigures: Codable {
    var frames: Int
    /// Main-thread CPU per frame, milliseconds.
    var p50: Double, p95: Double, p99: Double, max: Double
    /// Frames whose CPU time alone missed a 60 Hz frame (16.7 ms).
    var over16_7ms: Int
    /// The slowest frame, phase by phase: where to look when a frame is slow.
    var slowest: FrameCost
    /// While it animates (frames at most `animationGap` apart): the whole process's CPU, of one core, all
    /// threads, and the frames a second — what a drag costs, without the pauses between drags.
    var animatingCPUPercent: Double, animatingFPS: Double

    /// Frames further apart than this (three 60 Hz frames) belong to two animations, not one.
    static let animationGap = 0.05

    init(_ frames: [RunReport.Frame]) {
        let ms = frames.map { $0.cpu * 1000 }.sorted()
        func rank(_ p: Double) -> Double {
            guard !ms.isEmpty else { return 0 }
            return ms[min(ms.count - 1, Swift.max(0, Int((p * Double(ms.count)).rounded(.up)) - 1))]
        }
        self.frames = ms.count
        p50 = rank(0.5); p95 = rank(0.95); p99 = rank(0.99); max = ms.last ?? 0
        over16_7ms = ms.filter { $0 > 1000.0 / 60 }.count
        slowest = frames.max { $0.cpu < $1.cpu }?.cost ?? FrameCost()
        var seconds = 0.0, cpu = 0.0, steps = 0
        for (a, b) in zip(frames, frames.dropFirst()) where b.time - a.time <= FrameFigures.animationGap {
            seconds += b.time - a.time
            cpu += b.processCPU - a.processCPU
            steps += 1
        }
        animatingCPUPercent = seconds > 0 ? cpu / seconds * 100 : 0
        animatingFPS = seconds > 0 ? Double(steps) / seconds : 0
    }
}

/// CPU and wakeups of a window left alone for a while.
struct SteadyFigures: Codable {
    var seconds: Double
    /// Of one core, all threads.
    var cpuPercent: Double
    var wakeupsPerSecond: Double
    var frames: Int
    var framesPerSecond: Double
    /// The sound server's share over the same seconds (when the app played through one).
    var server: ServerFigures?
    /// The benchmark's own X server (Xvfb) over the same seconds: what copying the app's presents costs it.
    var displayServer: ServerFigures?

    init(from a: ProcessProbe.Sample, to b: ProcessProbe.Sample, frames all: [RunReport.Frame]) {
        seconds = b.time - a.time
        let used = b.since(a)
        cpuPercent = used.cpu / seconds * 100
        wakeupsPerSecond = Double(used.wakeups) / seconds
        frames = all.filter { $0.time >= a.time && $0.time <= b.time }.count
        framesPerSecond = Double(frames) / seconds
    }
}

/// A sound server's CPU and wakeups over a steady scenario: what the system pays beside the app.
struct ServerFigures: Codable {
    var cpuPercent: Double
    var wakeupsPerSecond: Double

    init(from a: ProcessProbe.Sample, to b: ProcessProbe.Sample) {
        let seconds = b.time - a.time, used = b.since(a)
        cpuPercent = used.cpu / seconds * 100
        wakeupsPerSecond = Double(used.wakeups) / seconds
    }
}

/// Scenario 7 for one library size.
struct ScaleFigures: Codable {
    var tracks: Int
    var startupMs: Double
    var peakMemoryMiB: Double
    var carouselP95: Double
    /// What the carousel run parsed: tag reads per track, reads on the main thread at its track changes.
    var reads: RunReport.ReadCounts?
}

/// Scenario 8: an album whose embedded covers are 4000 × 4000 px, under the demo album's budget.
struct LargeCoverFigures: Codable {
    var tracks: Int
    var startupMs: Double
    var peakMemoryMiB: Double
    var carousel: FrameFigures
}

/// Everything measured for one renderer at one window size.
struct ConfigurationResult: Codable {
    var renderer: String
    /// What SDL actually used.
    var rendererUsed: String
    var size: String
    var idle: SteadyFigures
    var playing: SteadyFigures
    var carousel: FrameFigures
    var cardAndFlip: FrameFigures
    /// The default renderer's first card and flip run, the first to draw the card's and the flip's states, whose
    /// shaders Mesa compiles then (nil: software).
    var cardAndFlipFirstRun: FrameFigures?
    var startupMs: Double
    var peakMemoryMiB: Double
    /// The largest proportional set size at the end of scenarios 1–4 (nil: a run did not report it).
    var pssMiB: Double?
    var scale: [ScaleFigures]
    var largeCovers: LargeCoverFigures
}

extension Array where Element == Double {
    var median: Double {
        let s = sorted()
        guard !s.isEmpty else { return 0 }
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }
}

/// One program of `--peers`: the demo album playing (medians over its runs).
struct PeerFigures: Codable {
    var program: String
    var runs: Int
    /// From starting the process to its window on screen (nil: it opens none).
    var startupMs: Double?
    /// Of one core, all threads of the program and the processes it started.
    var cpuPercent: Double
    var wakeupsPerSecond: Double
    /// The sound server's share over the same seconds.
    var server: ServerFigures
    /// VmHWM and Pss, summed over the program's processes.
    var peakRSSMiB: Double
    var pssMiB: Double
    /// In how many runs the sound server had a stream from it at the start or the end of the measured
    /// seconds (it really played).
    var runsWithStream: Int

    /// Each figure's median over `runs`.
    static func median(_ runs: [PeerFigures]) -> PeerFigures {
        var m = runs[0]
        m.runs = runs.count
        let startups = runs.compactMap(\.startupMs)
        m.startupMs = startups.isEmpty ? nil : startups.median
        m.cpuPercent = runs.map(\.cpuPercent).median
        m.wakeupsPerSecond = runs.map(\.wakeupsPerSecond).median
        m.server.cpuPercent = runs.map(\.server.cpuPercent).median
        m.server.wakeupsPerSecond = runs.map(\.server.wakeupsPerSecond).median
        m.peakRSSMiB = runs.map(\.peakRSSMiB).median
        m.pssMiB = runs.map(\.pssMiB).median
        m.runsWithStream = runs.map(\.runsWithStream).reduce(0, +)
        return m
    }
}
