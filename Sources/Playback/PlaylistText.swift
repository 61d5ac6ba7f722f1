import FoundationEssentials

/// The text of an M3U / M3U8 playlist, read into its entries: one path or URL per line, `#` lines (comments and
/// `#EXTINF` directives) and blank lines skipped, a byte order mark ignored, `file://` URLs turned into paths.
/// What the entries name is looked up by `Library`; this part touches no file, so it can be fuzzed.
public enum PlaylistText {
    public enum Entry: Equatable, Sendable {
        /// A path as written (absolute, or relative to the playlist's folder).
        case path(String)
        /// A network stream ("http://…"), which this player does not play.
        case stream(String)
        /// A `file://` URL that names no path (a broken percent escape, no path at all).
        case invalidFileURL(String)
    }

    /// The entries of `text`, in order.
    public static func entries(in text: String) -> [Entry] {
        var entries: [Entry] = []
        for raw in text.split(whereSeparator: \.isNewline) {
            var line = raw.trimmingSpaces()
            if line.hasPrefix("\u{FEFF}") { line.removeFirst() }
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            if line.lowercased().hasPrefix("file://") {
                // An empty path would name the playlist's own folder.
                guard let path = URL(string: line)?.path, !path.isEmpty else {
                    entries.append(.invalidFileURL(line))
                    continue
                }
                line = path
            }
            entries.append(isStreamURL(line) ? .stream(line) : .path(line))
        }
        return entries
    }

    /// "http://…", "rtsp://…": a network stream, which a playlist may list but this player does not play.
    static func isStreamURL(_ line: String) -> Bool {
        guard let colon = line.firstIndex(of: ":"), line[colon...].hasPrefix("://") else { return false }
        return line[..<colon].allSatisfy { $0.isLetter || $0 == "+" || $0 == "-" || $0 == "." } && !line[..<colon].isEmpty
    }
}
