import Glibc

/// The formats decoded by the libraries SDL_mixer links already (so decoding them maps nothing new), told
/// by the file's first bytes rather than its name: mpg123 would find stray sync words in any file, so only
/// what looks like its own is handed to it. Anything else (M4A, WMA, Ogg FLAC …) is left to FFmpeg.
enum NativeFormat: Sendable, Equatable {
    case mp3, vorbis, opus, flac, pcm

    /// The format of the file at `path`, nil when no native decoder takes it.
    init?(path: String) {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        func bytes(at offset: Int, count: Int) -> [UInt8] {
            var read = [UInt8](repeating: 0, count: count)
            guard fseek(file, offset, SEEK_SET) == 0 else { return [] }
            let got = fread(&read, 1, count, file)
            return Array(read[..<got])
        }
        var start = 0
        var header = bytes(at: 0, count: 64)
        guard header.count >= 12 else { return nil }
        // ID3v2 tags (before MP3, sometimes before FLAC; a careless tagger writes a second): look past them.
        var tagged = false, tags = 0
        while header.count >= 10, header.starts(with: Array("ID3".utf8)), tags < 8 {
            tags += 1
            start += header[6...9].reduce(0) { $0 << 7 | Int($1 & 0x7f) } + 10 + (header[5] & 0x10 != 0 ? 10 : 0)
            header = bytes(at: start, count: 64)
            tagged = true
        }
        guard header.count >= 4 else { return nil }
        if let format = NativeFormat(header: header + [UInt8](repeating: 0, count: 64 - header.count)) {
            self = format
            return
        }
        // Bytes where the audio should begin (a tag's padding left outside it, a download's leftovers) in a file
        // that was tagged or is named an MP3: mpg123's, as it finds them, when frames follow within 64 KB.
        let named = ["mp3", "mp2", "mpga"].contains(pathExtension(of: path))
        guard tagged || named, NativeFormat.framesBegin(in: bytes(at: start, count: NativeFormat.junkLimit)) else { return nil }
        self = .mp3
    }

    /// How far into a file's audio (after its tags) frames are looked for: as far as mpg123 looks.
    static let junkLimit = 65_536

    /// Whether three MPEG audio frames follow one another somewhere in `b`, each header where the one before ends
    /// (a stray sync word in other bytes does not come with two more at the right distances).
    static func framesBegin(in b: [UInt8]) -> Bool {
        b.indices.contains { start in
            var at = start
            for _ in 0..<3 {
                // One stream: the same version, layer and sample rate in every header (bits mpg123 compares too).
                guard let length = frameLength(b, at), length > 4, at + length <= b.count,
                      b[at + 1] & 0xFE == b[start + 1] & 0xFE, b[at + 2] & 0x0C == b[start + 2] & 0x0C else { return false }
                at += length
            }
            return true
        }
    }

    /// The length in bytes of the MPEG audio frame whose header is at `i` in `b`, nil when none is there (no sync,
    /// a reserved version or layer, a free or bad bit rate, a reserved sample rate). ISO 11172-3 and 13818-3.
    static func frameLength(_ b: [UInt8], _ i: Int) -> Int? {
        guard i + 4 <= b.count, b[i] == 0xFF, b[i + 1] & 0xE0 == 0xE0 else { return nil }
        let version = (b[i + 1] >> 3) & 3, layer = (b[i + 1] >> 1) & 3
        let bitrateIndex = Int(b[i + 2] >> 4), rateIndex = Int((b[i + 2] >> 2) & 3), padding = Int((b[i + 2] >> 1) & 1)
        guard version != 1, layer != 0, (1...14).contains(bitrateIndex), rateIndex < 3 else { return nil }
        let mpeg1 = version == 3
        let kbps: [Int]
        switch (mpeg1, layer) {
        case (true, 3): kbps = [32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448]
        case (true, 2): kbps = [32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384]
        case (true, _): kbps = [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]
        case (false, 3): kbps = [32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256]
        case (false, _): kbps = [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160]
        }
        let rate = [44_100, 48_000, 32_000][rateIndex] >> (mpeg1 ? 0 : version == 2 ? 1 : 2)
        let bits = kbps[bitrateIndex - 1] * 1000
        switch layer {
        case 3: return (12 * bits / rate + padding) * 4
        case 2: return 144 * bits / rate + padding
        default: return (mpeg1 ? 144 : 72) * bits / rate + padding
        }
    }

    /// The format these first bytes (at least 64, zero-padded) begin.
    init?(header b: [UInt8]) {
        func text(_ at: Int, _ s: String) -> Bool { b[at...].starts(with: Array(s.utf8)) }
        if text(0, "fLaC") { self = .flac; return }
        if (text(0, "RIFF") || text(0, "RIFX") || text(0, "RF64")) && text(8, "WAVE") { self = .pcm; return }
        if text(0, "FORM") && (text(8, "AIFF") || text(8, "AIFC")) { self = .pcm; return }
        if text(0, "OggS") {
            // The first page's first packet, after the segment table, names the codec.
            let packet = 27 + Int(b[26])
            guard packet + 8 <= b.count else { return nil }
            if text(packet, "\u{01}vorbis") { self = .vorbis; return }
            if text(packet, "OpusHead") { self = .opus; return }
            return nil
        }
        // An MPEG audio frame header: 11 sync bits, a layer (ADTS AAC has none), a valid bit rate and rate.
        if b[0] == 0xFF, b[1] & 0xE0 == 0xE0, (b[1] >> 1) & 3 != 0, b[2] >> 4 != 15, (b[2] >> 2) & 3 != 3 {
            self = .mp3
            return
        }
        return nil
    }

    /// Opens `path` with this format's library, as the output's stereo at 44.1 kHz (`streamTags`: see
    /// `DecoderBackend.open`).
    func open(_ path: String, streamTags: Bool = true) throws(DecoderError) -> any Decoder {
        switch self {
        case .mp3: return try ConvertingDecoder(Mpg123Source(path: path, readsTags: streamTags))
        case .vorbis: return try ConvertingDecoder(VorbisSource(path: path))
        case .opus: return try ConvertingDecoder(OpusSource(path: path))
        case .flac: return try ConvertingDecoder(FLACSource(path: path))
        case .pcm: return try ConvertingDecoder(SndfileSource(path: path))
        }
    }
}
