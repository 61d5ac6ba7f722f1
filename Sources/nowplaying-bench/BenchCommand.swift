import ArgumentParser
import Foundation
import NowPlaying

/// `nowplaying-bench`: runs the `nowplaying` app built beside it, a fresh process per scenario, and measures
/// what a user of NowPlaying feels (idle cost, playing cost, frame times of
/// the carousel, card and flip, start-up, memory, and how that scales with the library) and checks the budget.
@main
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nowplaying-bench",
        abstract: "Measure NowPlaying's CPU, frame times, start-up and memory; print a table and JSON, and check the budget.")

    enum RendererChoice: String, ExpressibleByArgument, CaseIterable, Codable {
        /// SDL_RENDER_DRIVER=software.
        case software
        /// Whatever SDL picks for the display.
        case `default`
    }

    @Flag(help: "A few seconds per scenario, only to prove the benchmark runs (the budget is not checked).")
    var quick = false

    @Option(name: .customLong("size"), help: "Window sizes in points (repeatable), e.g. 800x480 and 1080x1920 for the kiosks.")
    var sizes: [String] = ["480x800", "375x667"]

    @Option(name: .customLong("renderer"), help: "Renderers (repeatable): software, default.")
    var renderers: [RendererChoice] = [.software, .default]

    @Option(name: .customLong("audio-driver"),
            help: "SDL audio driver for the app: pulseaudio (a private PulseAudio server with a null sink, started by the bench and measured too) or another of SDL's, e.g. dummy.")
    var audioDriver = "pulseaudio"

    @Flag(help: "Start a private Xvfb even when $DISPLAY is set.")
    var xvfb = false

    @Option(help: "Also write the JSON to this file.")
    var json: String?

    @Flag(help: "Also play the demo album in the music players installed among Audacious, Rhythmbox, Lollypop and mpv (Debian's packages), and in NowPlaying the same way, and print them side by side.")
    var peers = false

    func run() async throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("nowplaying-bench-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let resources = try AppResources.locate()
        print("Generating libraries of 20, 10 and 10,000 MP3 tracks with embedded covers …")
        let sound = try GeneratedLibrary.sound(in: scratch)
        let libraries = try [20, 10, 10_000].map { try GeneratedLibrary(count: $0, in: scratch, sound: sound) }
        print("Generating an album of 12 tracks with 4000 × 4000 px embedded covers …")
        let largeCovers = scratch.appendingPathComponent("large-covers").path
        try LargeCoverLibrary.write(tracks: 12, audio: resources.demoAlbum + "/02-paper-satellites.mp3", to: largeCovers)
        let durations: Scenarios.Durations = quick ? .quick : .full

        if peers && audioDriver != "pulseaudio" {
            throw BenchError("--peers compares programs through the benchmark's own PulseAudio server: leave --audio-driver at pulseaudio.")
        }
        let (results, peerFigures) = try await VirtualDisplay.with(force: xvfb) { display, displayServer in
            try await withSoundServer(in: scratch) { server in
            var results: [ConfigurationResult] = []
            for renderer in renderers {
                for size in sizes {
                    print("Measuring \(renderer.rawValue) renderer at \(size) on display \(display) …")
                    let env: [String: String?] = ["DISPLAY": display, "SDL_VIDEODRIVER": "x11",
                                                  "SDL_RENDER_DRIVER": renderer == .software ? "software" : nil,
                                                  "SDL_AUDIODRIVER": audioDriver, "PULSE_SERVER": server?.address,
                                                  "LC_ALL": "C.UTF-8",
                                                  // The app's cache of large covers' small copies: the benchmark's own, so its
                                                  // first start is a first start (the others read the copies, as a user's do).
                                                  "XDG_CACHE_HOME": scratch.appendingPathComponent("cache").path]
                    let scenarios = Scenarios(app: AppRun(environment: env, scratch: scratch), size: size,
                                              durations: durations, demoAlbum: resources.demoAlbum,
                                              soundServer: server.map { ProcessProbe(pid: $0.pid) },
                                              displayServer: displayServer.map { ProcessProbe(pid: $0) })
                    results.append(try await measure(scenarios, renderer: renderer, libraries: libraries, largeCovers: largeCovers))
                }
            }
            guard peers else { return (results, [PeerFigures]()) }
            guard let server, let nowPlaying = AppRun.executable else {
                throw BenchError("--peers needs the private PulseAudio server and the nowplaying executable beside the benchmark.")
            }
            let figures = try await SessionBus.with(in: scratch.appendingPathComponent("bus")) { bus in
                let comparison = Peers(display: display, server: server, bus: bus, scratch: scratch, durations: durations,
                                       rounds: quick ? 1 : 3)
                return try await comparison.measure(Peers.programs(nowPlaying: nowPlaying.string), album: resources.demoAlbum)
            }
            return (results, figures)
            }
        }
        print("Laying out 20,000 distinct strings …")
        let fonts = resources.fontLibrary
        let longSession = try await MainActor.run { try LongSessionFigures.measure(fonts: fonts) }
        let report = BenchReport(mode: quick ? "quick" : "full", audioDriver: audioDriver, results: results,
                                 longSession: longSession, peers: peerFigures)
        print(report.table)
        let data = try report.jsonData()
        print(String(decoding: data, as: UTF8.self))
        if let json { try data.write(to: URL(fileURLWithPath: json)) }
        if !quick && report.budget.contains(where: { $0.met == false }) {
            throw ExitCode(1)
        }
    }

    /// Runs `body` with the private sound server when the app plays through PulseAudio, else with none.
    private func withSoundServer<T: Sendable>(in scratch: URL, _ body: (SoundServer.Handle?) async throws -> T) async throws -> T {
        guard audioDriver == "pulseaudio" else { return try await body(nil) }
        return try await SoundServer.with(in: scratch.appendingPathComponent("pulse")) { try await body($0) }
    }

    private func measure(_ s: Scenarios, renderer: RendererChoice, libraries: [GeneratedLibrary],
                         largeCovers: String) async throws -> ConfigurationResult {
        let (idle, idleReport) = try await s.steady(playing: false)
        let (playing, playingReport) = try await s.steady(playing: true)
        let (carousel, carouselReport) = try await s.carousel(library: libraries[0].folder.path)
        // On the default renderer without a GPU, Mesa's llvmpipe compiles each drawing state's shader with LLVM the
        // first time any program on the machine draws it (35–110 ms on the interface thread) and keeps it in its
        // disk cache ($XDG_CACHE_HOME/mesa_shader_cache, here the benchmark's own), where every later run finds it.
        // The card and flip are measured as those later runs have them, after one run of their own; that first
        // run's figures are kept beside them.
        let firstCard = renderer == .software ? nil : try await s.cardAndFlip().0
        let (card, cardReport) = try await s.cardAndFlip()
        // The demo album and the one of 4000 px covers start in turn (the same budget holds for both).
        let starts = try await s.startup(libraries: [s.demoAlbum, largeCovers])
        let startup = starts[0]
        let (largeCarousel, largeReport) = try await s.carousel(library: largeCovers)
        let large = LargeCoverFigures(tracks: starts[1].report.tracks, startupMs: starts[1].ms,
                                      peakMemoryMiB: max(starts[1].report.peakMemoryMiB, largeReport.peakMemoryMiB),
                                      carousel: largeCarousel)
        var scale: [ScaleFigures] = []
        let scaled = Array(libraries.dropFirst())
        let scaledStarts = try await s.startup(libraries: scaled.map(\.folder.path))
        for (library, start) in zip(scaled, scaledStarts) {
            let (frames, report) = try await s.carousel(library: library.folder.path, pattern: .backAndForth)
            scale.append(ScaleFigures(tracks: library.count, startupMs: start.ms,
                                      peakMemoryMiB: max(start.report.peakMemoryMiB, report.peakMemoryMiB),
                                      carouselP95: frames.p95, reads: report.reads))
        }
        let reports = [idleReport, playingReport, carouselReport, cardReport]
        let peak = reports.map(\.peakMemoryMiB).max() ?? 0
        let pss = reports.allSatisfy { $0.pssKiB != nil } ? reports.compactMap { $0.pssKiB.map { Double($0) / 1024 } }.max() : nil
        return ConfigurationResult(renderer: renderer.rawValue, rendererUsed: idleReport.renderer, size: s.size,
                                   idle: idle, playing: playing, carousel: carousel, cardAndFlip: card, cardAndFlipFirstRun: firstCard,
                                   startupMs: startup.ms, peakMemoryMiB: peak, pssMiB: pss, scale: scale, largeCovers: large)
    }
}
