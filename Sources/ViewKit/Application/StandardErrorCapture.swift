import Glibc

/// What the process writes on its standard error while something runs, held back and then written after all,
/// or dropped: SDL looking for a display lets the libraries it tries print their own failures there (libwayland's
/// "socket path … exceeds 108 bytes"), of no use once the app says plainly that there is no display. Other
/// threads' lines of that moment are held back too: written late when the capture is replayed, dropped with it.
struct StandardErrorCapture: ~Copyable {
    private let saved: Int32
    private let file: UnsafeMutablePointer<FILE>?

    /// Starts holding back what is written on standard error (nothing is held back if no temporary file can be had).
    init() {
        fflush(nil)
        let file = tmpfile()
        let saved = file == nil ? -1 : dup(STDERR_FILENO)
        if let file, saved >= 0, dup2(fileno(file), STDERR_FILENO) >= 0 {
            (self.file, self.saved) = (file, saved)
        } else {
            if saved >= 0 { close(saved) }
            if let file { fclose(file) }
            (self.file, self.saved) = (nil, -1)
        }
    }

    /// Gives standard error back; what was written meanwhile is written to it when `replaying`, else dropped.
    consuming func finish(replaying: Bool) {
        guard let file, saved >= 0 else { return }
        fflush(nil)
        dup2(saved, STDERR_FILENO)
        close(saved)
        if replaying {
            rewind(file)
            var buffer = [UInt8](repeating: 0, count: 4096)
            while case let n = fread(&buffer, 1, buffer.count, file), n > 0 {
                _ = buffer.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, n) }
            }
        }
        fclose(file)
    }
}
