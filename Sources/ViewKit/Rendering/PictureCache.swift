#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import Locking

/// Small copies of large pictures kept on disk between runs, found by the pictures' bytes, or by the file they
/// come from as it was then (`Source`: a later run reads nothing of the picture). A picture kept
/// smaller than it is (`DecodedImage`'s kept copy) is decoded whole once; a later run that opens the same bytes
/// at the same kept size reads its copy instead (a 4000 px photo: ~17 ms of entropy decoding and ~7 ms of
/// encoding the copy, against ~1 ms). Oldest-used copies go once the folder holds more than `budget` bytes.
/// Safe from any thread.
public final class PictureCache: Sendable {
    /// What a picture decoded once says about itself, and its kept copy.
    struct Entry {
        let width: Int, height: Int
        let isOpaque: Bool
        let averageColor: Color
        let copy: [UInt8]
    }

    /// The folder the copies are kept in.
    public let directory: String
    let budget: Int
    private let report: @Sendable (String) -> Void
    /// Bytes written since the folder was last kept within its budget (nil: not yet this run).
    private struct State { var writtenSinceTrim: Int?; var reported = false }
    private let state = Locked(State())

    /// A cache in `directory` (made when first written to) of at most `budget` bytes; `report` is told, once, why
    /// a copy could not be written (the pictures are then decoded whole each run, as without a cache).
    public init(directory: String, budget: Int = 48 << 20, report: @escaping @Sendable (String) -> Void = { _ in }) {
        self.directory = directory
        self.budget = budget
        self.report = report
    }

    /// The cache of `$XDG_CACHE_HOME/<application>/pictures` (default `~/.cache/…`; a relative path is ignored, as
    /// the XDG specification asks).
    public convenience init(application: String, environment: [String: String], report: @escaping @Sendable (String) -> Void) {
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? (environment["HOME"] ?? "/tmp") + "/.cache"
        self.init(directory: base + "/" + application + "/pictures", report: report)
    }

    /// Kept copies larger than this are neither written nor read (a transparent picture's copy is a PNG).
    static let entryLimit = 8 << 20

    /// The file a picture of these bytes, kept at `kept` pixels, is stored in: worked out once (it hashes the
    /// bytes) for the lookup and the store after a miss.
    struct Key {
        let path: String
    }

    /// The key of a picture of these bytes kept at `kept` pixels.
    func key(for bytes: [UInt8], kept: (width: Int, height: Int)) -> Key {
        Key(path: "\(directory)/\(String(PictureCache.hash(bytes), radix: 16))-\(bytes.count)-\(kept.width)x\(kept.height).pic")
    }

    /// Names a picture's bytes without reading them: a file as it is now (its device, inode, size, and modification
    /// and change times; a tagger keeping the modification time still changes the change time) and which picture in it
    /// (`part`). Taken before the bytes are read, so a file changed meanwhile is another source at the next look.
    public struct Source: Sendable {
        let name: String

        /// The file at `path` as it is now; nil when it cannot be looked at.
        public init?(file path: String, part: String = "") {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            let times = [info.st_mtim, info.st_ctim].map { "\($0.tv_sec).\($0.tv_nsec)" }.joined(separator: ",")
            name = "\(path)\u{0}\(part)\u{0}\(info.st_dev):\(info.st_ino):\(info.st_size):\(times)"
        }
    }

    /// The file naming which copy a picture from `source`, drawn at `pixelSize`, was kept as.
    private func pointerPath(_ source: Source, drawnAt pixelSize: Size?) -> String {
        let drawn = pixelSize.map { "\($0.width)x\($0.height)" } ?? "any"
        return "\(directory)/\(String(PictureCache.hash(Array((source.name + "@" + drawn).utf8)), radix: 16)).src"
    }

    /// The copy kept for a picture from `source` drawn at `pixelSize`, and the picture's own size, without reading
    /// the picture: what `remember` noted. A hit is marked used.
    func pointed(by source: Source, drawnAt pixelSize: Size?) -> (key: Key, width: Int, height: Int)? {
        let path = pointerPath(source, drawnAt: pixelSize)
        guard let data = PictureCache.read(path, limit: 512) else { return nil }
        let fields = String(decoding: data, as: UTF8.self).split(separator: " ")
        guard fields.count == 3, let width = Int(fields[1]), let height = Int(fields[2]), fields[0].hasSuffix(".pic"),
              !fields[0].contains("/") else { return nil }
        utimensat(AT_FDCWD, path, nil, 0)
        return (Key(path: directory + "/" + fields[0]), width, height)
    }

    /// Notes that a picture from `source`, of `width` × `height` pixels and drawn at `pixelSize`, is kept under
    /// `key`, so the next run finds it without reading the picture (nothing happens when that is noted already).
    func remember(_ source: Source, drawnAt pixelSize: Size?, as key: Key, width: Int, height: Int) {
        let path = pointerPath(source, drawnAt: pixelSize)
        let note = Array("\(key.path.split(separator: "/").last ?? "") \(width) \(height)".utf8)
        guard PictureCache.read(path, limit: 512) != note else { return }
        _ = write(note, to: path)
    }

    /// The stored copy under `key`, if any and whole. A hit is marked used.
    func entry(at key: Key) -> Entry? {
        guard let data = PictureCache.read(key.path, limit: PictureCache.entryLimit), let entry = PictureCache.decode(data) else { return nil }
        utimensat(AT_FDCWD, key.path, nil, 0)
        return entry
    }

    /// A regular file's bytes (at most `limit` of them), or nil.
    private static func read(_ path: String, limit: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size <= limit else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        let count = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        return count == bytes.count ? bytes : nil
    }

    /// Writes `bytes` to `path` whole or not at all (a file beside it, renamed over it); the reason when it cannot.
    private func write(_ bytes: [UInt8], to path: String) -> String? {
        // Made for the user alone (what someone listens to shows in the pictures), as XDG asks of its folders; another
        // thread making it at the same moment is no failure.
        var made = ""
        for part in directory.split(separator: "/") {
            made += "/" + part
            if mkdir(made, 0o700) != 0 && errno != EEXIST { return String(cString: strerror(errno)) }
        }
        let temporary = path + ".\(getpid()).\(UInt32.random(in: 0 ... .max)).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        let failure = written == bytes.count ? nil : written < 0 ? String(cString: strerror(errno)) : "the disk is full"
        close(fd)
        if failure == nil && rename(temporary, path) == 0 { return nil }
        let reason = failure ?? String(cString: strerror(errno))
        unlink(temporary)
        return reason
    }

    /// Stores a picture's copy (written whole or not at all), then keeps the folder within its budget: at the run's
    /// first write, and after each quarter of the budget written.
    func store(_ entry: Entry, at key: Key) {
        let encoded = PictureCache.encode(entry)
        guard encoded.count <= PictureCache.entryLimit else { return }
        if let reason = write(encoded, to: key.path) {
            let first = state.withLock { s in defer { s.reported = true }; return !s.reported }
            if first {
                report("Small copies of large pictures cannot be kept in \(directory) (\(reason)): they are decoded whole at each start.")
            }
            return
        }
        let due = state.withLock { s -> Bool in
            let written = (s.writtenSinceTrim ?? 0) + encoded.count
            let due = s.writtenSinceTrim == nil || written > budget / 4
            s.writtenSinceTrim = due ? 0 : written
            return due
        }
        if due { trim() }
    }

    /// Removes the least recently used copies (and notes of where a source's copy is) while the folder holds more
    /// than the budget (down to three quarters of it), and files left half-written by a run that ended during a write.
    func trim() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        var files: [(path: String, size: Int, used: Int)] = []
        for name in names {
            let path = directory + "/" + name
            var info = stat()
            guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            if name.hasSuffix(".tmp") && time(nil) - info.st_mtim.tv_sec > 60 { unlink(path); continue }
            if name.hasSuffix(".pic") || name.hasSuffix(".src") { files.append((path, Int(info.st_size), Int(info.st_mtim.tv_sec))) }
        }
        var total = files.reduce(0) { $0 + $1.size }
        guard total > budget else { return }
        for file in files.sorted(by: { $0.used < $1.used }) where total > budget * 3 / 4 {
            if unlink(file.path) == 0 { total -= file.size }
        }
    }

    // MARK: The file

    private static let magic = Array("NPPC1".utf8)

    /// Magic, width and height (32 bits each, little-endian), opacity, the mean colour (four doubles, as computed:
    /// a colour rounded to bytes would tint the artwork's backdrop a level apart from a first run's), a hash of all
    /// that and the copy (64 bits: a file cut short or damaged anywhere is found, not used), then the copy.
    static func encode(_ e: Entry) -> [UInt8] {
        func le(_ v: UInt64, _ bytes: Int) -> [UInt8] { (0..<bytes).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        let c = e.averageColor
        let colour = [c.red, c.green, c.blue, c.alpha].flatMap { le($0.bitPattern, 8) }
        let fields = magic + le(UInt64(e.width), 4) + le(UInt64(e.height), 4) + [e.isOpaque ? 1 : 0] + colour
        return fields + le(hash(fields + e.copy), 8) + e.copy
    }

    static func decode(_ data: [UInt8]) -> Entry? {
        let colourAt = magic.count + 9, hashAt = colourAt + 32, head = hashAt + 8
        guard data.count > head, data.starts(with: magic) else { return nil }
        func le(_ at: Int, _ bytes: Int) -> UInt64 { (0..<bytes).reduce(0) { $0 | UInt64(data[at + $1]) << (8 * $1) } }
        let w = Int(le(magic.count, 4)), h = Int(le(magic.count + 4, 4))
        let copy = Array(data[head...])
        guard w > 0, h > 0, data[magic.count + 8] <= 1, le(hashAt, 8) == hash(Array(data[..<hashAt]) + copy) else { return nil }
        let c = (0..<4).map { Double(bitPattern: le(colourAt + 8 * $0, 8)) }
        guard c.allSatisfy({ (0...1).contains($0) }) else { return nil }
        return Entry(width: w, height: h, isOpaque: data[magic.count + 8] == 1,
                     averageColor: Color(red: c[0], green: c[1], blue: c[2], alpha: c[3]), copy: copy)
    }

    /// A 64-bit hash of the bytes, eight at a time (a picture's bytes name its copy: the same picture opened from
    /// several places is one file).
    static func hash(_ bytes: [UInt8]) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
        bytes.withUnsafeBytes { raw in
            let words = raw.count / 8
            for i in 0..<words {
                h = (h ^ raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self)) &* 0x100_0000_01b3
                h ^= h >> 29
            }
            for i in (words * 8)..<raw.count { h = (h ^ UInt64(raw[i])) &* 0x100_0000_01b3 }
        }
        return h
    }
}
