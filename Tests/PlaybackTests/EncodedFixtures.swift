import Foundation
@testable import Playback

/// Audio files made at test time by the `ffmpeg` command-line tool (scripts/install-deps.sh installs it):
/// a sine of a known frequency, in a given codec and container, with tags and an embedded cover.
struct EncodedFixtures {
    let scratch: Scratch

    /// Runs ffmpeg with `arguments`; throws with its last words when it fails.
    func ffmpeg(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ffmpeg", "-hide_banner", "-loglevel", "error", "-y"] + arguments
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw FixtureError(message: "ffmpeg \(arguments.joined(separator: " ")): \(String(decoding: said, as: UTF8.self))")
        }
    }

    /// 20 s of a quiet 441 Hz tone (1/20 of full scale) joined at exactly 12.4 s by a loud 882 Hz one.
    func marked(_ name: String, codec: [String]) throws -> String {
        let path = scratch.path(name)
        try ffmpeg(["-f", "lavfi", "-i", "aevalsrc=0.05*sin(2*PI*441*t)+0.5*sin(2*PI*882*t)*gte(t\\,12.4):s=44100:d=20",
                    "-ac", "2"] + codec + [path])
        return path
    }

    /// A `total`-frame 441 Hz sine at half of full scale, cut at frame `cut` into two files of one codec.
    func halves(_ ext: String, codec: [String], cut: Int, total: Int) throws -> (String, String) {
        let source = "sine=frequency=441:sample_rate=44100:duration=\(Double(total) / 44100)"
        let first = scratch.path("1 first.\(ext)"), second = scratch.path("2 second.\(ext)")
        // lavfi's sine is at 1/8 of full scale: ×4 makes it 1/2; both channels carry it whole.
        let shape = "volume=4,pan=stereo|c0=c0|c1=c0"
        try ffmpeg(["-f", "lavfi", "-i", source, "-af", "\(shape),atrim=end_sample=\(cut)"] + codec + [first])
        try ffmpeg(["-f", "lavfi", "-i", source, "-af", "\(shape),atrim=start_sample=\(cut),asetpts=PTS-STARTPTS"] + codec + [second])
        return (first, second)
    }

    /// The left channel of `path` as the ffmpeg tool decodes it (the reference decoder).
    func referenceSamples(_ path: String) throws -> [Int16] {
        let raw = scratch.path("reference.raw")
        try ffmpeg(["-i", path, "-f", "s16le", "-af", "pan=mono|c0=c0", "-ar", "44100", raw])
        return try Data(contentsOf: URL(fileURLWithPath: raw)).withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
    }

    /// How long the sound in `path` is as the ffmpeg tool decodes it: first to last sample above 2 LSB.
    func decodedSeconds(_ path: String) throws -> Double {
        let samples = try referenceSamples(path)
        let first = samples.firstIndex { abs(Int($0)) > 2 } ?? 0, last = samples.lastIndex { abs(Int($0)) > 2 } ?? 0
        return Double(last - first) / 44100
    }

    /// When the first sample above `level` comes, in seconds, as the ffmpeg tool decodes `path`.
    func decodedOnset(_ path: String, above level: Int) throws -> Double {
        Double(try referenceSamples(path).firstIndex { abs(Int($0)) > level } ?? 0) / 44100
    }

    struct FixtureError: Error, CustomStringConvertible { let message: String; var description: String { message } }

    /// A 16×16 PNG (one colour), the cover the fixtures embed.
    func cover() throws -> String {
        let path = scratch.path("cover.png")
        if !FileManager.default.fileExists(atPath: path) {
            try ffmpeg(["-f", "lavfi", "-i", "color=c=0x3366cc:s=16x16", "-frames:v", "1", path])
        }
        return path
    }

    /// Embeds the fixtures' cover in the WMA at `path` as Windows Media Player writes it (a WM/Picture
    /// attribute, front cover), with Mutagen (Debian's python3-mutagen): ffmpeg's ASF muxer writes a picture
    /// as a video stream, which no player reads as the cover.
    func embedWMACover(in path: String) throws {
        let script = """
            import sys, struct
            from mutagen.asf import ASF, ASFByteArrayAttribute
            path, cover = sys.argv[1], sys.argv[2]
            data = open(cover, 'rb').read()
            mime, description = 'image/png'.encode('utf-16-le') + b'\\0\\0', b'\\0\\0'
            f = ASF(path)
            f['WM/Picture'] = [ASFByteArrayAttribute(struct.pack('<bI', 3, len(data)) + mime + description + data)]
            f.save()
            """
        // Debian's own Python, where python3-mutagen is installed (a `python3` earlier on PATH, such as a
        // pyenv one, has no Mutagen).
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, path, try cover()]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw FixtureError(message: "mutagen could not embed a WMA cover in \(path)") }
    }

    /// Tags an M4A with iTunes freeform atoms (`----:com.apple.iTunes:NAME`), as foobar2000 and dBpoweramp
    /// write ReplayGain, with Mutagen (ffmpeg's MP4 muxer writes no freeform atoms).
    func tagM4AFreeform(_ path: String, _ tags: [String: String]) throws {
        let script = """
            import sys
            from mutagen.mp4 import MP4, MP4FreeForm
            f = MP4(sys.argv[1])
            for pair in sys.argv[2:]:
                name, value = pair.split('=', 1)
                f['----:com.apple.iTunes:' + name] = [MP4FreeForm(value.encode())]
            f.save()
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, path] + tags.sorted(by: { $0.key < $1.key }).map { "\($0.key)=\($0.value)" }
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw FixtureError(message: "mutagen could not tag \(path)") }
    }

    /// `seconds` of a `frequency` Hz sine at 44.1 kHz on both channels (1/8 of full scale × `scale`) as
    /// `name`, encoded with `codec`, tagged with `tags`, with the cover embedded when `withCover`.
    @discardableResult
    func sine(_ name: String, codec: [String], frequency: Double = 441, seconds: Double = 3, scale: Double = 1,
              withCover: Bool = true, tags: [String: String] = [:]) throws -> String {
        let path = scratch.path(name)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        var args = ["-f", "lavfi", "-i", "sine=frequency=\(frequency):sample_rate=44100:duration=\(seconds)"]
        if withCover { args += ["-i", try cover(), "-map", "0:a", "-map", "1:v", "-c:v", "copy", "-disposition:v:0", "attached_pic"] }
        args += ["-af", "volume=\(scale),pan=stereo|c0=c0|c1=c0"] + codec
        for (key, value) in tags.sorted(by: { $0.key < $1.key }) { args += ["-metadata", "\(key)=\(value)"] }
        try ffmpeg(args + [path])
        return path
    }
}
