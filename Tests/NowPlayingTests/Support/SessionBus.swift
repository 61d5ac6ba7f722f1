import Foundation
import Testing

/// A private D-Bus session bus for one test (`dbus-daemon --session`), stopped when the test lets go of it.
final class SessionBus {
    /// The address clients connect to (DBUS_SESSION_BUS_ADDRESS).
    let address: String
    private let daemon: ChildProcess

    init() throws {
        let daemonPath = try #require(XDisplay.which("dbus-daemon"), "dbus-daemon is installed by scripts/install-deps.sh")
        let out = NSTemporaryDirectory() + "np-bus-\(UUID().uuidString)"
        daemon = try ChildProcess(daemonPath, ["--session", "--nofork", "--print-address=1"],
                                  env: XDisplay.environment([:]), output: out)
        var line = ""
        try #require(waitFor {
            line = (try? String(contentsOfFile: out, encoding: .utf8))?.split(separator: "\n").first.map(String.init) ?? ""
            return !line.isEmpty
        }, "dbus-daemon printed its address")
        address = line
        try? FileManager.default.removeItem(atPath: out)
    }

    deinit { daemon.stop() }

    /// The environment entry that puts a program on this bus.
    var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": address] }
}
