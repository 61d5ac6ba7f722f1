import FoundationEssentials
import Glibc
import Playback
import ViewKit

/// What one run of the app cost (`--stats FILE`, read by `nowplaying-bench`).
public struct RunReport: Codable, Sendable {
    public struct Frame: Codable, Sendable {
        /// `Monotonic.now()` when the frame was presented.
        public var time: Double
        /// What the frame cost the main thread, phase by phase.
        public var cost: FrameCost
        /// Main-thread CPU seconds the frame took: events, animation, layout, drawing, presenting.
        public var cpu: Double { cost.cpu }
        /// The whole process's CPU seconds (all threads) when the frame was presented: what an animation costs
        /// a core, workers and the audio thread included, between two frames.
        public var processCPU: Double
    }

    /// SDL's name for the renderer that drew.
    public var renderer: String
    /// `Monotonic.now()` when the first complete frame was presented.
    public var firstFrame: Double?
    public var frames: [Frame]
    /// Peak resident memory (VmHWM), KiB.
    public var peakMemoryKiB: Int?
    /// Proportional set size at exit (Pss: shared pages divided among the processes sharing them), KiB.
    public var pssKiB: Int?
    /// Tracks in the queue at start.
    public var tracks: Int
    /// Pixels the run's presents sent to the window (`Renderer.presentedPixels`), and how many presents there were.
    public var presentedPixels: Int?
    public var presents: Int?
    /// The files the run parsed (TagLib reads and decoder opens), when a `ReadLog` was bound for it.
    public var reads: ReadCounts?

    /// What a run parsed, counted from its `ReadLog` (TagLib reads, decoder opens and folder listings; picture
    /// files and .lrc files beside a track are not logged): the issue-16 rules are one tag read per track for the
    /// library, each folder listed once, and no tags parsed, decoder opened nor folder listed on the main thread
    /// once the first frame is up.
    public struct ReadCounts: Codable, Sendable {
        /// Tracks whose text tags were read.
        public var tracks: Int
        /// The most text-tag reads of any one track (one: read once, by the library).
        public var mostTextReadsOfATrack: Int
        /// The most TagLib opens of any one track, for whatever fields (its tags at the scan; its picture when its
        /// cover is drawn, again when drawn larger; its lyrics when it plays).
        public var mostTagOpensOfATrack: Int
        public var pictureReads: Int
        public var lyricsReads: Int
        public var decoderOpens: Int
        /// The most listings of any one folder (one: listed once, for every cover and lyrics lookup beside it).
        public var mostListingsOfAFolder: Int
        /// Tag reads, decoder opens and listings on the main thread after the first frame (a track change's among them).
        public var onMainThreadAfterFirstFrame: Int

        init(_ reads: [ReadLog.Entry], firstFrameAt mark: Int) {
            var text: [String: Int] = [:]
            for r in reads where r.fields.contains(.text) { text[r.path, default: 0] += 1 }
            tracks = text.count
            mostTextReadsOfATrack = text.values.max() ?? 0
            var opens: [String: Int] = [:]
            for r in reads where !r.fields.isEmpty { opens[r.path, default: 0] += 1 }
            mostTagOpensOfATrack = opens.values.max() ?? 0
            pictureReads = reads.filter { $0.fields.contains(.picture) }.count
            lyricsReads = reads.filter { $0.fields.contains(.lyrics) }.count
            decoderOpens = reads.filter { $0.what == .decoder }.count
            var listed: [String: Int] = [:]
            for r in reads where r.what == .listing { listed[r.path, default: 0] += 1 }
            mostListingsOfAFolder = listed.values.max() ?? 0
            onMainThreadAfterFirstFrame = reads.dropFirst(mark).filter(\.onMainThread).count
        }
    }
}

/// CLOCK_MONOTONIC: one clock for every process, so a parent can time a child's first frame.
public enum Monotonic {
    public static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}

/// Records a `RunReport` while the app runs and writes it as JSON when the app exits.
@MainActor
final class RunStatistics {
    private let path: String
    private var report: RunReport
    /// The log bound where the app was made (`--stats` binds one), and how many reads came before the first frame.
    private let readLog = ReadLog.current
    private var readsBeforeFirstFrame = 0

    init(path: String, application: Application, tracks: Int) {
        self.path = path
        report = RunReport(renderer: application.renderer.name, firstFrame: nil, frames: [], peakMemoryKiB: nil, pssKiB: nil,
                           tracks: tracks, presentedPixels: nil, presents: nil, reads: nil)
        report.frames.reserveCapacity(4096)
        application.onDidDrawFrame = { [unowned self, unowned application] in
            let now = Monotonic.now()
            if report.firstFrame == nil {
                report.firstFrame = now
                readsBeforeFirstFrame = readLog?.reads.count ?? 0
            }
            report.frames.append(RunReport.Frame(time: now, cost: application.lastFrame, processCPU: CPUTime.process()))
            report.presentedPixels = application.renderer.presentedPixels
            report.presents = application.renderer.presentCount
        }
    }

    /// VmHWM from /proc/self/status, in KiB.
    static func peakMemoryKiB() -> Int? { ProcFile.kib("/proc/self/status", "VmHWM:") }

    /// Writes the report (at exit).
    func write() throws {
        report.peakMemoryKiB = RunStatistics.peakMemoryKiB()
        report.pssKiB = ProcFile.kib("/proc/self/smaps_rollup", "Pss:")
        report.reads = readLog.map { RunReport.ReadCounts($0.reads, firstFrameAt: readsBeforeFirstFrame) }
        try JSONEncoder().encode(report).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
