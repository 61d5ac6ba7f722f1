/// The text of an M3U / M3U8 playlist, read into its entries: one path or URL per line, `#` lines (comments and
/// `#EXTINF` directives) and blank lines skipped, a byte order mark ignored, each line read as a `Location`
/// (`file://` URLs turned into paths). What the entries name is looked up by `Library`; this part touches no
/// file, so it can be fuzzed.
public enum PlaylistText {
    /// The entries of `text`, in order.
    public static func entries(in text: String) -> [Location] {
        var entries: [Location] = []
        for raw in text.split(whereSeparator: \.isNewline) {
            var line = raw.trimmingSpaces()
            if line.hasPrefix("\u{FEFF}") { line.removeFirst() }
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            entries.append(Location(line))
        }
        return entries
    }
}
