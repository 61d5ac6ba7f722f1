#if canImport(Glibc)
import Glibc
#endif
import CStatfs
import FoundationEssentials
import Locking

/// Small copies of large pictures kept on disk between runs, found by the pictures' bytes, or by the file they
/// come from as it was then (`Source`: a later run reads nothing of the picture). A picture kept
/// smaller than it is (`DecodedImage`'s kept copy) is decoded whole once; a later run that opens the same bytes
/// at the same kept size reads its copy instead (a 4000 px photo: ~17 ms of entropy decoding and ~7 ms of
/// encoding the copy, against ~1 ms). An SVG asked to keep its rasters (an icon) keeps them the same way, one per
/// size drawn: a later run draws it without loading SDL_image. Oldest-used copies go once the folder holds more than `budget` bytes.
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
    public var directory: String { folder.path }
    private let folder: CacheFolder
    let settleTime: Double
    private let report: @Sendable (String) -> Void
    /// Bytes written since the folder was last kept within its budget (nil: not yet this run).
    private struct State { var writtenSinceTrim: Int?; var reported = false }
    private let state = Locked(State())

    /// A cache in `directory` (made when first written to) of at most `budget` bytes; `report` is told, once, why
    /// a copy could not be written (the pictures are then decoded whole each run, as without a cache).
    /// `settleTime`: a file that changed more recently than this many seconds is not remembered as a source
    /// (`remember`).
    public init(directory: String, budget: Int = 48 << 20, settleTime: Double = 2,
                report: @escaping @Sendable (String) -> Void = { _ in }) {
        folder = CacheFolder(path: directory, budget: budget)
        self.settleTime = settleTime
        self.report = report
    }

    /// The cache of `$XDG_CACHE_HOME/<application>/pictures` (default `~/.cache/…`; see `CacheFolder`).
    public convenience init(application: String, environment: [String: String], report: @escaping @Sendable (String) -> Void) {
        self.init(directory: CacheFolder.path(application: application, name: "pictures", environment: environment), report: report)
    }

    /// Kept copies larger than this are neither written nor read (a transparent picture's copy is a PNG).
    static let entryLimit = 8 << 20

    /// The file a picture's copy is stored in: worked out once (it hashes the picture's bytes) for the lookup and
    /// the store after a miss.
    struct Key {
        let path: String
        /// The file's name, which its entry's hash covers.
        var name: [UInt8] { Array(path.split(separator: "/").last.map(String.init)?.utf8 ?? "".utf8) }
    }

    /// A picture as its copies are named: a hash and the count of its bytes, and its own size in pixels.
    struct Picture: Equatable {
        let hash: UInt64, count: Int
        let width: Int, height: Int

        /// The picture of `bytes`, whose own size is `width` × `height`.
        init(bytes: [UInt8], width: Int, height: Int) {
            self.init(hash: PictureCache.hash(bytes), count: bytes.count, width: width, height: height)
        }

        init(hash: UInt64, count: Int, width: Int, height: Int) {
            (self.hash, self.count, self.width, self.height) = (hash, count, width, height)
        }
    }

    /// Where the copy of `picture` drawn at `pixelSize` is kept (its kept size worked out now), or nil when it is kept
    /// at its own size: nothing to copy.
    func key(for picture: Picture, drawnAt pixelSize: Size?) -> Key? {
        let kept = PictureDecoder.keptSize(width: picture.width, height: picture.height, drawnAt: pixelSize)
        guard kept != (picture.width, picture.height) else { return nil }
        return key(hash: picture.hash, count: picture.count, width: kept.width, height: kept.height)
    }

    /// Where the raster of the vector picture whose bytes hash to `hash` (`count` of them) is kept at `width` ×
    /// `height` pixels: its entry holds the picture's own size and mean colour, and the raster as a PNG, so a later
    /// run draws an SVG icon without SDL_image (`DecodedImage.VectorRasters`).
    func key(hash: UInt64, count: Int, width: Int, height: Int) -> Key {
        Key(path: "\(directory)/\(String(hash, radix: 16))-\(count)-\(width)x\(height).pic")
    }

    /// Names a picture's bytes without reading them: a file as it is now (its device, inode, size, and modification
    /// and change times) and which picture in it (`part`). Taken before the bytes are read, so a file changed
    /// meanwhile is another source at the next look. Only on file systems whose change time moves with every
    /// write, whatever a tagger does to the modification time (not FAT, exFAT or sshfs, whose change time is the
    /// modification time): elsewhere there is none, and a picture is found by its bytes.
    public struct Source: Sendable {
        /// The file's path and the part (the pointer's name comes from them).
        let place: String
        /// The file as it is now.
        let state: String
        /// When the file last changed (its change time), in seconds.
        let changed: Double

        /// The file at `path` as it is now; nil when it cannot be looked at, or is on a file system without a change
        /// time of its own.
        public init?(file path: String, part: String = "") {
            var info = stat(), volume = statfs()
            guard stat(path, &info) == 0, statfs(path, &volume) == 0,
                  Source.fileSystemsWithChangeTimes.contains(UInt32(truncatingIfNeeded: volume.f_type)) else { return nil }
            place = "\(path)\u{0}\(part)"
            let times = [info.st_mtim, info.st_ctim].map { "\($0.tv_sec).\($0.tv_nsec)" }.joined(separator: ",")
            state = "\(info.st_dev):\(info.st_ino):\(info.st_size):\(times)"
            changed = Double(info.st_ctim.tv_sec) + Double(info.st_ctim.tv_nsec) / 1e9
        }

        /// statfs's f_type of file systems that keep a change time of their own (linux/magic.h): ext2–4, Btrfs, XFS,
        /// tmpfs, F2FS, ZFS, bcachefs, overlayfs, NFS, CIFS and SMB2.
        static let fileSystemsWithChangeTimes: Set<UInt32> = [0xEF53, 0x9123_683E, 0x5846_5342, 0x0102_1994, 0xF2F5_2010,
                                                             0x2FC1_2FC1, 0xCA45_1A4E, 0x794C_7630, 0x6969, 0xFF53_4D42,
                                                             0xFE53_4D42]
    }

    /// A source's pointer: the file (one per file and part) naming the picture it held when its copy was kept.
    private func pointerPath(_ source: Source) -> String {
        "\(directory)/\(String(PictureCache.hash(Array(source.place.utf8)), radix: 16)).src"
    }

    /// A pointer's bytes: the picture's hash, byte count and size, then the source's place and state (a pointer of
    /// another file that hashed alike, or of this file before it changed, is told apart).
    private static func pointer(to picture: Picture, from source: Source) -> [UInt8] {
        Array("\(String(picture.hash, radix: 16)) \(picture.count) \(picture.width) \(picture.height)\n\(source.place)\n\(source.state)".utf8)
    }

    /// The picture `source` held when a run before kept its copy, if the file is as it was then, without reading
    /// the picture. A hit is marked used.
    func picture(from source: Source) -> Picture? {
        let path = pointerPath(source)
        guard let data = PictureCache.read(path, limit: 16 << 10), let end = data.firstIndex(of: 10) else { return nil }
        let fields = String(decoding: data[..<end], as: UTF8.self).split(separator: " ")
        guard fields.count == 4, let hash = UInt64(fields[0], radix: 16), let count = Int(fields[1]),
              let width = Int(fields[2]), let height = Int(fields[3]) else { return nil }
        let picture = Picture(hash: hash, count: count, width: width, height: height)
        guard data == PictureCache.pointer(to: picture, from: source) else { return nil }
        folder.markUsed(path)
        return picture
    }

    /// Notes that `source` holds `picture`, whose copy is kept, so the next run finds it without reading the picture
    /// (unless the file changed in the last `settleTime` seconds: a write in the same tick of its change time
    /// would go unseen).
    func remember(_ source: Source, as picture: Picture) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        guard Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 - source.changed >= settleTime else { return }
        let path = pointerPath(source), note = PictureCache.pointer(to: picture, from: source)
        guard PictureCache.read(path, limit: 16 << 10) != note else { return }
        if folder.write(note, to: path) == nil { wrote(note.count) }
    }

    /// The stored copy under `key`, if any and whole. A hit is marked used.
    func entry(at key: Key) -> Entry? {
        guard let data = PictureCache.read(key.path, limit: PictureCache.entryLimit), let entry = PictureCache.decode(data, as: key) else { return nil }
        folder.markUsed(key.path)
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

    /// Whether copies may still be written: not once a write failed in this run (a later one would fail alike, its
    /// encoding wasted).
    var isWritable: Bool { !state.withLock { $0.reported } }

    /// Stores a picture's copy (written whole or not at all); whether it was.
    @discardableResult
    func store(_ entry: Entry, at key: Key) -> Bool {
        let encoded = PictureCache.encode(entry, as: key)
        guard encoded.count <= PictureCache.entryLimit else { return false }
        if let reason = folder.write(encoded, to: key.path) {
            let first = state.withLock { s in defer { s.reported = true }; return !s.reported }
            if first {
                report("Pictures cannot be kept in \(directory) (\(reason)): large ones are decoded whole, and vector ones rasterised, at each start.")
            }
            return false
        }
        wrote(encoded.count)
        return true
    }

    /// Keeps the folder within its budget after `bytes` were written to it: at the run's first write, and after
    /// each quarter of the budget written.
    private func wrote(_ bytes: Int) {
        let due = state.withLock { s -> Bool in
            let written = (s.writtenSinceTrim ?? 0) + max(bytes, 4096)
            let due = s.writtenSinceTrim == nil || written > folder.budget / 4
            s.writtenSinceTrim = due ? 0 : written
            return due
        }
        if due { trim() }
    }

    /// Removes the least recently used copies and pointers while the folder holds more than the budget (down to
    /// three quarters of it), and files left half-written by a run that ended during a write.
    func trim() {
        folder.trim(suffixes: [".pic", ".src"])
    }

    // MARK: The file

    private static let magic = Array("NPPC2".utf8)

    /// Magic, width and height (32 bits each, little-endian), opacity, the mean colour (four doubles, as computed:
    /// a colour rounded to bytes would tint the artwork's backdrop a level apart from a first run's), a hash of all
    /// that, the file's name and the copy (64 bits: a file cut short or damaged anywhere is found, not used, and so is
    /// one copied or renamed over another's name — another icon's raster of the same size drew in its place), then
    /// the copy.
    static func encode(_ e: Entry, as key: Key) -> [UInt8] {
        func le(_ v: UInt64, _ bytes: Int) -> [UInt8] { (0..<bytes).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        let c = e.averageColor
        let colour = [c.red, c.green, c.blue, c.alpha].flatMap { le($0.bitPattern, 8) }
        let fields = magic + le(UInt64(e.width), 4) + le(UInt64(e.height), 4) + [e.isOpaque ? 1 : 0] + colour
        return fields + le(hash(fields + key.name + e.copy), 8) + e.copy
    }

    static func decode(_ data: [UInt8], as key: Key) -> Entry? {
        let colourAt = magic.count + 9, hashAt = colourAt + 32, head = hashAt + 8
        guard data.count > head, data.starts(with: magic) else { return nil }
        func le(_ at: Int, _ bytes: Int) -> UInt64 { (0..<bytes).reduce(0) { $0 | UInt64(data[at + $1]) << (8 * $1) } }
        let w = Int(le(magic.count, 4)), h = Int(le(magic.count + 4, 4))
        let copy = Array(data[head...])
        guard w > 0, h > 0, data[magic.count + 8] <= 1, le(hashAt, 8) == hash(Array(data[..<hashAt]) + key.name + copy) else { return nil }
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
