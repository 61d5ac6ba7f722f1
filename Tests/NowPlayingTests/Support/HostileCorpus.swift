import Foundation
import Testing

/// The hostile corpus (issue 17) as the repository's script, `scripts/make-hostile-corpus.py`, writes it.
enum HostileCorpus {
    /// One line of the corpus's manifest, `corpus.tsv`.
    struct Entry {
        let folder: String, name: String, kind: String
        /// "play", "report" (one line naming it), "either" (plays what decodes, or is reported), "picture".
        let expect: String
    }

    /// Writes the `parts` of the corpus (all of them by default) into `root`; returns its manifest.
    static func make(in root: URL, parts: [String] = []) throws -> [Entry] {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts/make-hostile-corpus.py")
        let maker = try ChildProcess("/usr/bin/env", ["python3", script.path, root.path] + parts,
                                     env: StartEnvironment.variables)
        #expect(maker.wait() == 0, "the corpus script ran")
        let manifest = try String(contentsOf: root.appendingPathComponent("corpus.tsv"), encoding: .utf8)
        return manifest.split(separator: "\n").map { line in
            let f = line.split(separator: "\t").map(String.init)
            let path = f[0].split(separator: "/").map(String.init)
            return Entry(folder: path[0], name: path[1], kind: f[1], expect: f[2])
        }
    }
}
