import Glibc

/// Reads what a music folder holds without being held up by it: only regular files are opened, and they are
/// opened non-blocking, so a FIFO named like a track (whose open would wait for a writer for ever), a socket
/// or a device is named and skipped instead; a file is read only up to a size limit.
public enum RegularFile {
    /// Why a path is not read, in words for a line of the user's ("is a FIFO, not a file").
    public struct Refusal: Error, Sendable, Equatable {
        public let reason: String
    }

    /// What `path` is when it is there but not a regular file (a symbolic link is followed); nil for a regular
    /// file, and for a path that does not exist (the caller's own check names that).
    public static func refusal(_ path: String) -> Refusal? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return refusal(mode: info.st_mode)
    }

    private static func refusal(mode: mode_t) -> Refusal? {
        let kind: String
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: kind = "a folder"
        case S_IFIFO: kind = "a FIFO (a named pipe)"
        case S_IFSOCK: kind = "a socket"
        case S_IFCHR, S_IFBLK: kind = "a device"
        default: kind = "not a regular file"
        }
        return Refusal(reason: "is \(kind), not a file")
    }

    /// The bytes of the regular file at `path`, at most `limit` of them: opened non-blocking (a FIFO or device
    /// swapped in after a listing cannot hold the thread up) and checked on the open descriptor.
    public static func read(_ path: String, limit: Int) throws(Refusal) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { throw Refusal(reason: "cannot be read (\(String(cString: strerror(errno))))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Refusal(reason: "cannot be read") }
        if let refusal = refusal(mode: info.st_mode) { throw refusal }
        guard Int(info.st_size) <= limit else {
            throw Refusal(reason: "is \(ByteCount(Int(info.st_size))), more than the \(ByteCount(limit)) this program reads")
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var filled = 0
        while filled < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            filled += n
        }
        return Array(bytes.prefix(filled))
    }
}
