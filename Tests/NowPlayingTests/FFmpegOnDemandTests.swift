import Foundation
import Glibc
import Testing

/// FFmpeg is mapped only when a file needs it (issue 18's memory goal): the demo album (Ogg Vorbis, MP3,
/// FLAC, Opus) plays through the decoders SDL_mixer links, so the running app's mappings never name
/// libavcodec; an M4A opened afterwards brings it in. The real app, its real mappings, no timing.
@Suite(.serialized)
struct FFmpegOnDemandTests {
    @Test func theDemoAlbumPlaysWithoutLibavcodecAndAnM4ABringsItIn() throws {
        let r = try RunningApp()
        // Read to the end (a /proc file says it is empty, so a read of its stated size gets nothing).
        func maps() throws -> String {
            let file = try #require(FileHandle(forReadingAtPath: "/proc/\(r.app.pid)/maps"))
            defer { try? file.close() }
            return String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
        }
        func mapped(_ library: String) throws -> Bool { try maps().contains(library) }
        // Once the app answers (paused, it opens no output: SDL_mixer, which plays here, is loaded at play).
        _ = try r.dump()
        #expect(try mapped("libSDL2-2.0"), "the mappings are read")
        try r.playerctl("play")
        // Every track of the album in turn (each opened to play, and the one after it queued to follow).
        var titles = [try r.playerctl("metadata", "title")]
        for _ in 1..<8 {
            try r.playerctl("next")
            #expect(try waitFor(30) { try r.playerctl("metadata", "title") != titles.last! })
            titles.append(try r.playerctl("metadata", "title"))
        }
        #expect(titles == ["Neon Harbor", "Paper Satellites", "Glass Orchard", "Slow Comet", "Midnight Tram", "Velvet Static",
                           "Lantern Bay", "Northbound"], "the whole album played, none skipped")
        #expect(try r.playerctl("status") == "Playing")
        #expect(try !mapped("libavcodec"), "no libavcodec after the demo album")
        #expect(try !mapped("libavformat"))

        let m4a = NSTemporaryDirectory() + "np-on-demand-\(UUID().uuidString).m4a"
        defer { unlink(m4a) }
        let ffmpeg = try ChildProcess(try #require(XDisplay.which("ffmpeg"), "ffmpeg is installed by scripts/install-deps.sh"),
                                      ["-loglevel", "error", "-f", "lavfi", "-i", "sine=frequency=441:duration=3", "-c:a", "aac",
                                       "-metadata", "title=Sine In An M4A", m4a], env: XDisplay.environment([:]))
        #expect(ffmpeg.wait() == 0)
        try r.playerctl("open", URL(fileURLWithPath: m4a).absoluteString)
        #expect(try waitFor(30) { try r.playerctl("metadata", "title") == "Sine In An M4A" })
        #expect(try r.playerctl("status") == "Playing", "the M4A plays")
        #expect(try mapped("libavcodec"), "libavcodec is loaded for the M4A")
    }
}
