#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file mapped read-only into memory for as long as this object lives. A font is read this way: FreeType
/// jumps about a font file for every glyph, and through a file handle each jump was a seek and a read of the
/// kernel (about 4,800 calls for the first frame); from a mapping it is a copy, and only the pages it touches
/// are read in.
final class MappedFile {
    let base: UnsafeRawPointer
    let count: Int

    /// Maps the file at `path`, or nil when it cannot be opened, is empty or cannot be mapped.
    init?(path: String) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0 else { return nil }
        let count = Int(info.st_size)
        guard let p = mmap(nil, count, PROT_READ, MAP_PRIVATE, fd, 0), p != MAP_FAILED else { return nil }
        base = UnsafeRawPointer(p)
        self.count = count
    }

    deinit { munmap(UnsafeMutableRawPointer(mutating: base), count) }
}
