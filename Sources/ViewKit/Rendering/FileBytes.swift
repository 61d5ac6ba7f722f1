#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's bytes in memory for as long as this object lives: read whole when it is small, mapped read-only when
/// large. A font is read this way: FreeType jumps about a font file for each glyph, and through a file handle each
/// jump was a seek and a read of the kernel (about 4,800 calls for the first frame); from memory it is a copy.
/// A small file's copy is the process's own (one rewritten in place meanwhile, by `cp`, cannot reach it); a large
/// one (a CJK or emoji font, tens of MB) is mapped, only the pages used read in, as FreeType maps the fonts it opens.
final class FileBytes {
    let base: UnsafeRawPointer
    let count: Int
    private let isMapped: Bool

    /// Files up to this size are read whole.
    static let readLimit = 4 << 20

    /// The bytes of the regular file at `path`, or nil when it cannot be opened or read, or is empty.
    init?(path: String) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0 else { return nil }
        let count = Int(info.st_size)
        if count <= FileBytes.readLimit {
            guard let buffer = malloc(count) else { return nil }
            var done = 0
            while done < count {
                let n = read(fd, buffer + done, count - done)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { free(buffer); return nil }
                done += n
            }
            base = UnsafeRawPointer(buffer)
            isMapped = false
        } else {
            guard let p = mmap(nil, count, PROT_READ, MAP_PRIVATE, fd, 0), p != MAP_FAILED else { return nil }
            base = UnsafeRawPointer(p)
            isMapped = true
        }
        self.count = count
    }

    deinit {
        if isMapped { munmap(UnsafeMutableRawPointer(mutating: base), count) } else { free(UnsafeMutableRawPointer(mutating: base)) }
    }
}
