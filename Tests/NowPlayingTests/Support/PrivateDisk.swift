import Foundation
import Testing

/// A small disk for one run of a program: a tmpfs mounted in a mount namespace of the program's own
/// (`unshare --map-root-user --mount`, no root needed), prepared by a shell snippet, so a test can give the app a
/// full or read-only folder without touching the machine's disks. Nothing outside the program sees the mount.
struct PrivateDisk {
    /// Where the tmpfs is mounted (an empty folder of the test's).
    let mountPoint: String
    /// The tmpfs's size, e.g. "8k".
    var size = "1m"
    /// Shell run once the tmpfs is mounted, before the program (`$D` is the mount point).
    var prepare = ""
    /// Shell run after the program ended, still inside (e.g. copy a file out).
    var afterwards = ""

    /// Runs `program` with `arguments` on the disk; the program's exit code.
    func run(_ program: String, _ arguments: [String], env: [String: String], errors: String) throws -> Int32 {
        let unshare = try #require(XDisplay.which("unshare"), "unshare is in util-linux")
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        let script = """
        D="$1"; shift
        mount -t tmpfs -o size=\(size) tmpfs "$D" || exit 97
        \(prepare)
        "$@"; rc=$?
        \(afterwards)
        exit $rc
        """
        let child = try ChildProcess(unshare, ["--map-root-user", "--mount", "/bin/sh", "-c", script, "sh", mountPoint, program]
                                     + arguments, env: env, errors: errors)
        return child.wait()
    }
}
