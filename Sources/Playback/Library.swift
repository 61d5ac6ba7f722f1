import Foundation

/// Turns what the user names on the command line (files, folders, M3U/M3U8 playlists) into tracks.
/// Folders are searched recursively and sorted by disc, track number and name; playlists keep their order.
/// Files that are not audio are skipped quietly; what cannot be found or read is reported and skipped.
public enum Library {
    /// File extensions SDL_mixer plays.
    public static let audioExtensions: Set<String> = ["ogg", "oga", "opus", "mp3", "flac", "wav", "mod", "xm", "it", "s3m", "mid", "midi"]
    public static let playlistExtensions: Set<String> = ["m3u", "m3u8"]

    public struct Result: Sendable {
        public var tracks: [Track] = []
        /// One plain line per problem.
        public var problems: [String] = []
    }

    /// Loads every argument in order.
    public static func load(_ paths: [String]) -> Result {
        var result = Result()
        for path in paths { add(path, to: &result, depth: 0) }
        return result
    }

    public static func isAudio(_ path: String) -> Bool {
        audioExtensions.contains(URL(fileURLWithPath: path).pathExtension.lowercased())
    }

    private static func add(_ path: String, to result: inout Result, depth: Int) {
        let fm = FileManager.default
        var isDir: ObjCBool = false
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        guard fm.fileExists(atPath: absolute, isDirectory: &isDir) else {
            result.problems.append("\(path) does not exist; skipped.")
            return
        }
        if isDir.boolValue {
            let before = result.tracks.count
            result.tracks += folder(absolute)
            if result.tracks.count == before { result.problems.append("\(path) holds no audio files.") }
            return
        }
        let ext = URL(fileURLWithPath: absolute).pathExtension.lowercased()
        if playlistExtensions.contains(ext) {
            guard depth < 4 else { result.problems.append("\(path): playlists nest too deep; skipped."); return }
            playlist(absolute, into: &result, depth: depth)
        } else if audioExtensions.contains(ext) {
            guard fm.isReadableFile(atPath: absolute) else { result.problems.append("\(path) cannot be read; skipped."); return }
            result.tracks.append(Track(path: absolute, tags: Tags.read(from: absolute)))
        } else if depth == 0 {
            result.problems.append("\(path) is not an audio file or a playlist; skipped.")
        }
    }

    /// The audio files under a folder, in album order.
    private static func folder(_ path: String) -> [Track] {
        guard let walker = FileManager.default.enumerator(atPath: path) else { return [] }
        var tracks: [Track] = []
        while let relative = walker.nextObject() as? String {
            let full = (path as NSString).appendingPathComponent(relative)
            if isAudio(full) { tracks.append(Track(path: full, tags: Tags.read(from: full))) }
        }
        return tracks.sorted(by: albumOrder)
    }

    /// Folder, then disc, then track number, then file name.
    static func albumOrder(_ a: Track, _ b: Track) -> Bool {
        let fa = (a.path as NSString).deletingLastPathComponent, fb = (b.path as NSString).deletingLastPathComponent
        if fa != fb { return fa.localizedStandardCompare(fb) == .orderedAscending }
        if (a.discNumber ?? 1) != (b.discNumber ?? 1) { return (a.discNumber ?? 1) < (b.discNumber ?? 1) }
        if (a.trackNumber ?? Int.max) != (b.trackNumber ?? Int.max) { return (a.trackNumber ?? Int.max) < (b.trackNumber ?? Int.max) }
        return a.path.localizedStandardCompare(b.path) == .orderedAscending
    }

    /// M3U / M3U8: one path or URL per line, `#` lines are comments; relative paths are against the playlist.
    private static func playlist(_ path: String, into result: inout Result, depth: Int) {
        guard let data = FileManager.default.contents(atPath: path) else {
            result.problems.append("Cannot read the playlist \(path); skipped.")
            return
        }
        guard let text = String(data: data, encoding: .utf8) ?? String(data: data, encoding: .isoLatin1) else {
            result.problems.append("The playlist \(path) is not text; skipped.")
            return
        }
        let base = URL(fileURLWithPath: path).deletingLastPathComponent()
        var missing = 0
        let before = result.tracks.count
        for raw in text.split(whereSeparator: \.isNewline) {
            var line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("\u{FEFF}") { line.removeFirst() }
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            if line.hasPrefix("file://"), let url = URL(string: line) { line = url.path }
            let entry = line.hasPrefix("/") ? line : base.appendingPathComponent(line).path
            if FileManager.default.fileExists(atPath: entry) {
                add(entry, to: &result, depth: depth + 1)
            } else {
                missing += 1
                result.problems.append("\(URL(fileURLWithPath: path).lastPathComponent): \(line) does not exist; skipped.")
            }
        }
        if result.tracks.count == before && missing == 0 {
            result.problems.append("The playlist \(path) lists no tracks.")
        }
    }
}
