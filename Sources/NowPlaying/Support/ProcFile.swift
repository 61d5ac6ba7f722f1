import Glibc

/// Figures the kernel keeps in /proc, read by the app (`--stats`) and the benchmark (of other processes).
public enum ProcFile {
    /// The value of the line starting with `key` in a /proc file of "key: value kB" lines, in KiB.
    public static func kib(_ file: String, _ key: String) -> Int? {
        // Read to the end: a /proc file tells no size (Foundation's whole-file reads stop at its first line).
        let fd = open(file, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 4096)
        while case let n = read(fd, &chunk, chunk.count), n > 0 { bytes += chunk[..<n] }
        guard let line = String(decoding: bytes, as: UTF8.self).split(separator: "\n").first(where: { $0.hasPrefix(key) }) else { return nil }
        return line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap { Int($0) }
    }
}
