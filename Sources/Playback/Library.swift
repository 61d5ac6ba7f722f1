import FoundationEssentials

/// Turns what the user names on the command line (files, folders, M3U/M3U8 playlists, as paths or `file://`
/// URIs) into tracks.
/// Folders are searched recursively and sorted by disc, track number and name; playlists keep their order.
/// An album's usual companions (pictures, text, lyrics) are passed over quietly; other files that are not
/// audio, and what cannot be found or read, are reported (one line per folder or playlist) and skipped.
public enum Library {
    /// File extensions the decoders play (FFmpeg: every sampled format below; SDL_mixer: MIDI).
    public static let audioExtensions: Set<String> = [
        "ogg", "oga", "opus", "mp3", "flac", "wav", "aif", "aiff", "wv", "ape",
        "m4a", "m4b", "mp4", "aac", "wma", "mod", "xm", "it", "s3m", "mid", "midi",
    ]
    public static let playlistExtensions: Set<String> = ["m3u", "m3u8"]
    /// The most bytes of a playlist read (a line a track: some hundred thousand tracks).
    static let playlistLimit = 16 * 1024 * 1024
    /// What sits beside an album's audio and is no reason to report a skip.
    static let companionExtensions = Set(CoverArt.pictureExtensions).union([
        "avif", "jxl", "heic", "ico", "txt", "nfo", "log", "cue", "lrc", "md", "pdf", "sfv", "accurip", "ffp", "db", "ini", "m3u", "m3u8",
    ])

    /// "owner skipped 2 files that are not audio: a.avi, b.doc." — the first five named, then how many more.
    static func skippedLine(_ owner: String, _ items: [String], one: String, many: String, separator: String) -> String {
        let shown = 5
        let listed = items.prefix(shown).joined(separator: separator)
        let more = items.count > shown ? " and \(items.count - shown) more" : ""
        return "\(owner) skipped \(items.count) \(items.count == 1 ? one : many): \(listed)\(more)."
    }

    public struct Result: Sendable {
        public var tracks: [Track] = []
        /// One plain line per problem.
        public var problems: [String] = []
        public init() {}
    }

    /// Loads every argument in order.
    public static func load(_ paths: [String]) -> Result {
        var all = Result()
        load(paths) { batch in
            all.tracks += batch.tracks
            all.problems += batch.problems
        }
        return all
    }

    /// Loads every argument in order, handing the tracks over as they are read: the first folder's (album's)
    /// tracks as soon as they are read, then about `batchSize` at a time. Concatenated, the batches are
    /// exactly `load(paths)`, so a caller can start on the first while the rest are read (on another thread).
    /// `firstFiles` is told, once, the audio files whose tags are read first (the first folder's, or the first
    /// file named) before they are read: a caller can begin on the likely first track meanwhile.
    public static func load(_ paths: [String], batchSize: Int = 256, firstFiles: ([String]) -> Void = { _ in },
                            onBatch: (Result) -> Void) {
        withoutActuallyEscaping(onBatch) { onBatch in
            withoutActuallyEscaping(firstFiles) { firstFiles in
                var reader = Reader(batchSize: batchSize, onBatch: onBatch, firstFiles: firstFiles)
                for path in paths { reader.add(named: path) }
                reader.flush()
            }
        }
    }

    public static func isAudio(_ path: String) -> Bool {
        audioExtensions.contains(pathExtension(of: path))
    }

    /// Walks the arguments, collecting a batch and handing it over when it is full or a folder is done.
    private struct Reader {
        let batchSize: Int
        let onBatch: (Result) -> Void
        /// Told the first files about to be read, then nil.
        var firstFiles: (([String]) -> Void)?
        var pending = Result()
        /// Tracks handed over or pending so far.
        var count = 0
        /// Whether a batch with tracks went out yet (the first album goes alone, as soon as it is read).
        var delivered = false
        /// Measures MP3s as they play (this reader's thread only).
        let lengths = MPEGLength()

        mutating func flush() {
            guard !pending.tracks.isEmpty || !pending.problems.isEmpty else { return }
            delivered = delivered || !pending.tracks.isEmpty
            onBatch(pending)
            pending = Result()
        }

        /// Tells `firstFiles` of the files about to be read, if none were read before.
        mutating func willRead(_ files: [String]) {
            firstFiles?(files)
            firstFiles = nil
        }

        mutating func append(_ tracks: [Track]) {
            pending.tracks += tracks
            count += tracks.count
            if pending.tracks.count >= batchSize { flush() }
        }

        /// What the user named: a path or a `file://` URI; another URI is reported as not supported.
        mutating func add(named: String) {
            switch Location(named) {
            case .path(let path): add(path, depth: 0)
            case .unplayable(let uri, let problem): pending.problems.append("\(uri) \(problem); skipped.")
            }
        }

        mutating func add(_ path: String, depth: Int) {
            let fm = FileManager.default
            var isDir = false
            let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
            guard fm.fileExists(atPath: absolute, isDirectory: &isDir) else {
                pending.problems.append("\(path) does not exist; skipped.")
                return
            }
            if isDir {
                let before = count
                folder(absolute)
                if count == before { pending.problems.append("\(path) holds no audio files.") }
                return
            }
            let ext = pathExtension(of: absolute)
            if playlistExtensions.contains(ext) {
                guard depth < 4 else { pending.problems.append("\(path): playlists nest too deep; skipped."); return }
                playlist(absolute, depth: depth)
            } else if audioExtensions.contains(ext) {
                if let refusal = RegularFile.refusal(absolute) { pending.problems.append("\(path) \(refusal.reason); skipped."); return }
                guard fm.isReadableFile(atPath: absolute) else { pending.problems.append("\(path) cannot be read; skipped."); return }
                willRead([absolute])
                append([track(absolute)])
            } else if depth == 0 {
                pending.problems.append("\(path) is not an audio file or a playlist; skipped.")
            }
        }

        /// The track of an audio file, described by its tags; what its tags hold that was refused is reported.
        mutating func track(_ path: String) -> Track {
            let tags = Tags.read(from: path, fields: .text, lengths: lengths)
            pending.problems += tags?.problems ?? []
            return Track(path: path, tags: tags)
        }

        /// A folder's own audio files in album order (one batch), then its subfolders in name order: the
        /// order of sorting the whole tree by folder, disc, track and name.
        mutating func folder(_ path: String) {
            let fm = FileManager.default
            guard let names = try? fm.contentsOfDirectory(atPath: path) else { return }
            var files: [String] = [], folders: [String] = [], skipped: [String] = []
            for name in names where !name.hasPrefix(".") {
                let full = path.hasSuffix("/") ? path + name : path + "/" + name
                var isDir = false
                guard fm.fileExists(atPath: full, isDirectory: &isDir) else { continue }
                if isDir {
                    folders.append(full)
                } else if isAudio(full) {
                    // Only regular files are opened: a FIFO named like a track would hold the scan up for ever.
                    if let refusal = RegularFile.refusal(full) {
                        pending.problems.append("\(full) \(refusal.reason); skipped.")
                    } else {
                        files.append(full)
                    }
                } else if !companionExtensions.contains(pathExtension(of: name)) {
                    skipped.append(name)
                }
            }
            if !skipped.isEmpty {
                pending.problems.append(Library.skippedLine(
                    path, skipped.sorted { NaturalOrder($0) < NaturalOrder($1) },
                    one: "file that is not audio", many: "files that are not audio", separator: ", "))
            }
            if !files.isEmpty {
                willRead(files)
                append(Library.albumOrder(files.map { track($0) }))
                if !delivered { flush() }
            }
            for f in folders.map({ (Library.nameOrder($0), $0) }).sorted(by: { $0.0 < $1.0 }) {
                folder(f.1)
            }
        }

        /// M3U / M3U8: one path or URL per line, `#` lines are comments; relative paths are against the playlist.
        mutating func playlist(_ path: String, depth: Int) {
            let data: Data
            do throws(RegularFile.Refusal) {
                data = Data(try RegularFile.read(path, limit: Library.playlistLimit))
            } catch {
                pending.problems.append("The playlist \(path) \(error.reason); skipped.")
                return
            }
            guard let text = String(data: data, encoding: .utf8) ?? String(data: data, encoding: .isoLatin1) else {
                pending.problems.append("The playlist \(path) is not text; skipped.")
                return
            }
            let base = URL(fileURLWithPath: path).deletingLastPathComponent()
            var skipped: [String] = []
            let before = count
            for entry in PlaylistText.entries(in: text) {
                let line: String
                switch entry {
                case .unplayable(let uri, let problem):
                    skipped.append("\(uri) \(problem)")
                    continue
                case .path(let written): line = written
                }
                let entry = line.hasPrefix("/") ? line : base.appendingPathComponent(line).path
                if !FileManager.default.fileExists(atPath: entry) {
                    skipped.append("\(line) does not exist")
                } else if Library.isAudio(entry) || !Library.isFile(entry)
                            || playlistExtensions.contains(pathExtension(of: entry)) {
                    add(entry, depth: depth + 1)
                } else {
                    skipped.append("\(line) is not audio")
                }
            }
            if !skipped.isEmpty {
                pending.problems.append(Library.skippedLine(
                    URL(fileURLWithPath: path).lastPathComponent, skipped, one: "entry", many: "entries", separator: "; "))
            }
            if count == before && skipped.isEmpty {
                pending.problems.append("The playlist \(path) lists no tracks.")
            }
        }
    }

    /// Whether `path` is a file (not a folder).
    static func isFile(_ path: String) -> Bool {
        var isDir = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && !isDir
    }

    /// The last component of a path.
    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// Where a file or folder sorts by its name (numbers by value, case and accents aside).
    static func nameOrder(_ path: String) -> NaturalOrder { NaturalOrder(fileName(path)) }

    /// The one of a folder's `files` album order likely puts first, before their tags are read: the first by
    /// name (a file named "01 …" usually holds track 1).
    public static func likelyFirst(of files: [String]) -> String? {
        files.min { nameOrder($0) < nameOrder($1) }
    }

    /// One folder's tracks in album order: disc, then track number, then file name.
    static func albumOrder(_ tracks: [Track]) -> [Track] {
        tracks.map { t in (t, Library.nameOrder(t.path)) }.sorted { a, b in
            let (x, y) = (a.0, b.0)
            if (x.discNumber ?? 1) != (y.discNumber ?? 1) { return (x.discNumber ?? 1) < (y.discNumber ?? 1) }
            if (x.trackNumber ?? Int.max) != (y.trackNumber ?? Int.max) { return (x.trackNumber ?? Int.max) < (y.trackNumber ?? Int.max) }
            return a.1 < b.1
        }.map(\.0)
    }
}
