import Foundation

/// The environment this test process was started with, read from /proc/self/environ: the kernel's copy, which no
/// later `setenv` moves. Iterating the live environment (ProcessInfo's) raced with in-process apps and tests adding
/// variables, for which glibc reallocates `environ`: the test process crashed once in strlen, reading it.
enum StartEnvironment {
    static let variables: [String: String] = {
        guard let data = FileManager.default.contents(atPath: "/proc/self/environ") else { return [:] }
        var result: [String: String] = [:]
        for entry in data.split(separator: 0) {
            let text = String(decoding: entry, as: UTF8.self)
            guard let equals = text.firstIndex(of: "=") else { continue }
            result[String(text[..<equals])] = String(text[text.index(after: equals)...])
        }
        return result
    }()
}
