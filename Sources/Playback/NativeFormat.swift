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
        var header = [UInt8](repeating: 0, count: 64)
        guard fread(&header, 1, header.count, file) >= 12 else { return nil }
        // An ID3v2 tag (before MP3, sometimes before FLAC): look past it, at what it holds.
        if header.starts(with: Array("ID3".utf8)) {
            let size = header[6...9].reduce(0) { $0 << 7 | Int($1 & 0x7f) } + 10 + (header[5] & 0x10 != 0 ? 10 : 0)
            fseek(file, size, SEEK_SET)
            header = [UInt8](repeating: 0, count: 64)
            guard fread(&header, 1, header.count, file) >= 4 else { return nil }
        }
        guard let format = NativeFormat(header: header) else { return nil }
        self = format
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
