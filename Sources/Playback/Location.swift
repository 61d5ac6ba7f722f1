import FoundationEssentials

/// What a user, a playlist or a desktop names: a path, or a URI. A `file://` URI names its path
/// (percent-decoded, `file://localhost/…` too), as file managers pass files through a desktop entry's `%U`;
/// any other URI is a network stream, which this player does not play. One reading for the command line, a
/// second instance, playlists and MPRIS `OpenUri`.
public enum Location: Equatable, Sendable {
    /// A path as written (absolute or relative), or a `file://` URI's path.
    case path(String)
    /// A URI that names no file: a network stream ("http://…"), or a `file://` URI with no path (a broken
    /// percent escape, none at all); `problem` says which, in words that follow the URI in a message.
    case unplayable(uri: String, problem: String)

    public init(_ written: String) {
        if Location.isFileURI(written) {
            // An empty path would name the current (or the playlist's) folder.
            guard let path = URL(string: written)?.path, !path.isEmpty else {
                self = .unplayable(uri: written, problem: "is not a valid file URL")
                return
            }
            self = .path(path)
        } else if Location.isStreamURL(written) {
            self = .unplayable(uri: written, problem: "is a stream URL, which is not supported")
        } else {
            self = .path(written)
        }
    }

    /// Whether `text` is a `file://` URI (of any case).
    public static func isFileURI(_ text: String) -> Bool { text.lowercased().hasPrefix("file://") }

    /// "http://…", "rtsp://…": a scheme, then "://".
    static func isStreamURL(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), text[colon...].hasPrefix("://") else { return false }
        return text[..<colon].allSatisfy { $0.isLetter || $0 == "+" || $0 == "-" || $0 == "." } && !text[..<colon].isEmpty
    }
}
