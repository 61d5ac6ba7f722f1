import FoundationEssentials

/// The extension of a file's path, lowercased ("Song.MP3" → "mp3"; "" for a name without one, or for one dot in a
/// folder's name), as the library, the decoders and the format's sniffing all compare it.
func pathExtension(of path: String) -> String {
    URL(fileURLWithPath: path).pathExtension.lowercased()
}
