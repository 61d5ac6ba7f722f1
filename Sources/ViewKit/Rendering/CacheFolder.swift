#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials

/// A folder of files an application keeps between runs to save work (`$XDG_CACHE_HOME/<application>/<name>`): made
/// for the user alone, written a whole file at a time, and kept within a budget, the least recently used files going
/// first. Safe from any thread; several processes may share it.
public struct CacheFolder: Sendable {
    /// The folder.
    public let path: String
    /// The bytes its files may take on the disk.
    public let budget: Int

    public init(path: String, budget: Int) {
        self.path = path
        self.budget = budget
    }

    /// `<application>/<name>` in `$XDG_CACHE_HOME` (see `path(application:name:environment:)`).
    public init(application: String, name: String, budget: Int, environment: [String: String]) {
        self.init(path: CacheFolder.path(application: application, name: name, environment: environment), budget: budget)
    }

    /// `$XDG_CACHE_HOME/<application>/<name>` (default `~/.cache/…`; a relative `XDG_CACHE_HOME` is ignored, as the
    /// XDG specification asks: it would put the folder wherever the program was started). Without `HOME`, the user's home
    /// as the system knows it (never a shared folder such as /tmp, where another user could make it first).
    public static func path(application: String, name: String, environment: [String: String]) -> String {
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path) + "/.cache"
        return base + "/" + application + "/" + name
    }

    /// Writes `bytes` to the file `path` (in the folder) whole or not at all: a file beside it, renamed over it. Makes
    /// the folder first, for the user alone (what someone listens to or looks at shows in what is kept), as XDG asks
    /// of its folders. The reason when it cannot.
    public func write(_ bytes: [UInt8], to file: String) -> String? {
        var made = ""
        for part in path.split(separator: "/") {
            made += "/" + part
            // Another thread or process making it at the same moment is no failure.
            if mkdir(made, 0o700) != 0 && errno != EEXIST { return String(cString: strerror(errno)) }
        }
        // A folder an older version made readable by all is made the user's alone: others' bits go, the user's own stay
        // as the user set them (a folder made read-only stays so); anything but a folder is left as it is.
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_mode & 0o077 != 0 {
            chmod(path, info.st_mode & 0o700)
        }
        let temporary = file + ".\(getpid()).\(UInt32.random(in: 0 ... .max)).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        let failure = written == bytes.count ? nil : written < 0 ? String(cString: strerror(errno)) : "the disk is full"
        close(fd)
        if failure == nil && rename(temporary, file) == 0 { return nil }
        let reason = failure ?? String(cString: strerror(errno))
        unlink(temporary)
        return reason
    }

    /// Marks the file `file` used now (the last to go).
    public func markUsed(_ file: String) {
        utimensat(AT_FDCWD, file, nil, 0)
    }

    /// Removes the least recently used of the files whose names end in one of `suffixes` while they take more than
    /// the budget (down to three quarters of it), never `keeping`; and files left half-written by a run that ended
    /// during a write.
    public func trim(suffixes: [String], keeping: String? = nil) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
        var files: [(path: String, size: Int, used: Int)] = []
        for name in names {
            let file = path + "/" + name
            var info = stat()
            guard stat(file, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            if name.hasSuffix(".tmp") && time(nil) - info.st_mtim.tv_sec > 60 { unlink(file); continue }
            // What a file takes on the disk: one of a hundred bytes fills a block.
            let size = max(Int(info.st_size), Int(info.st_blocks) * 512)
            if suffixes.contains(where: name.hasSuffix) { files.append((file, size, Int(info.st_mtim.tv_sec))) }
        }
        var total = files.reduce(0) { $0 + $1.size }
        guard total > budget else { return }
        for file in files.sorted(by: { $0.used < $1.used }) where total > budget * 3 / 4 && file.path != keeping {
            // Gone already (another process trimming the same folder) counts as gone.
            if unlink(file.path) == 0 || errno == ENOENT { total -= file.size }
        }
    }
}
