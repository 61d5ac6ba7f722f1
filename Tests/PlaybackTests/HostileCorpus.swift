import Foundation

/// Parts of the hostile corpus (issue 17), written by the repository's own script,
/// `scripts/make-hostile-corpus.py`, into a fresh temporary folder: the tests try the files a user would.
struct HostileCorpus {
    let root: URL

    /// Runs the script for `parts` ("damaged", "headers", "covers", "special", "lyrics").
    init(parts: [String]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/make-hostile-corpus.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, root.path] + parts
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw EncodedFixtures.FixtureError(message: "make-hostile-corpus.py \(parts) failed") }
    }

    func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    func remove() { try? FileManager.default.removeItem(at: root) }
}
