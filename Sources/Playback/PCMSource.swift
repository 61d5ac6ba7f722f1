/// One library's decoded samples before they are brought to the output's format: interleaved Float32 frames
/// of `channels` at `sampleRate`, read in order, with sample-accurate seeking. `ConvertingDecoder` turns
/// any of them into a `Decoder`.
protocol PCMSource: AnyObject {
    var channels: Int { get }
    var sampleRate: Int { get }
    /// The length in the source's frames (encoder delay and padding removed), 0 when unknown.
    var frameCount: Int { get }
    var streamTags: StreamTags { get }
    /// Fills `buffer` with whole frames from the current position; returns the frames written, 0 at the end.
    func read(into buffer: UnsafeMutableBufferPointer<Float>) -> Int
    /// Moves to source frame `frame`: the next read starts exactly there.
    func seek(toFrame frame: Int)
}

extension StreamTags {
    /// Title, artist and album from a library's look-up of its fields by their Vorbis-comment names
    /// (TITLE, ARTIST, ALBUM); blank values count as none.
    init(field: (String) -> String?) {
        func text(_ key: String) -> String? { field(key).map { $0.trimmingSpaces() }.flatMap { $0.isEmpty ? nil : $0 } }
        self.init(title: text("TITLE"), artist: text("ARTIST"), album: text("ALBUM"))
    }
}
