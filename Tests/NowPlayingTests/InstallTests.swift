import Foundation
import Glibc
import Testing

/// scripts/install.sh into a temporary prefix: the installed binary runs with the source tree out of reach
/// (an empty folder mounted over it in a mount namespace of its own), the desktop entry and the AppStream
/// metainfo validate, and --uninstall takes everything away again.
@Suite(.serialized)
struct InstallTests {
    private let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// Runs a program to its end; returns its exit code and what it printed (stdout and stderr).
    private func run(_ path: String, _ args: [String], env: [String: String] = [:]) throws -> (code: Int32, output: String) {
        let out = NSTemporaryDirectory() + "np-install-out-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let child = try ChildProcess(path, args, env: XDisplay.environment(env), output: out, errors: out + ".err")
        let code = child.wait()
        let text = [out, out + ".err"].compactMap { try? String(contentsOfFile: $0, encoding: .utf8) }.joined()
        try? FileManager.default.removeItem(atPath: out + ".err")
        return (code, text)
    }

    /// A path as the Desktop Entry Specification quotes an Exec argument: in double quotes, with ", `, $ and \\
    /// preceded by a backslash and % doubled; then, as in any string value, each backslash doubled.
    static func execQuoted(_ path: String) -> String {
        var inner = ""
        for c in path {
            if "\"`$\\".contains(c) { inner += "\\\(c)" } else if c == "%" { inner += "%%" } else { inner.append(c) }
        }
        return ("\"" + inner + "\"").replacing("\\", with: "\\\\")
    }

    @Test func installRunsWithoutTheSourceTreeValidatesAndUninstalls() throws {
        let binary = try #require(ChildProcess.nowplaying, "the nowplaying executable is built")
        // A prefix off PATH, with characters the desktop entry must quote: the menu entry must still start the
        // installed binary.
        let prefix = NSTemporaryDirectory() + "np \"pre\" $fix 100%-\(UUID().uuidString)"
        let installed = try run("/bin/bash", [source + "/scripts/install.sh", "--prefix", prefix, "--binary", binary.path])
        #expect(installed.code == 0, "\(installed.output)")
        let fm = FileManager.default
        for file in ["bin/nowplaying", "share/nowplaying/Assets/Icons", "share/nowplaying/Fonts/Inter-Regular.otf",
                     "share/applications/nowplaying.desktop", "share/icons/hicolor/scalable/apps/nowplaying.svg",
                     "share/icons/hicolor/48x48/apps/nowplaying.png", "share/icons/hicolor/256x256/apps/nowplaying.png",
                     "share/metainfo/io.github.nowplaying.NowPlaying.metainfo.xml"] {
            #expect(fm.fileExists(atPath: prefix + "/" + file), "installed \(file)")
        }
        let desktop = try run(try #require(XDisplay.which("desktop-file-validate")), [prefix + "/share/applications/nowplaying.desktop"])
        #expect(desktop.code == 0 && desktop.output.isEmpty, "desktop-file-validate: \(desktop.output)")
        let entry = try String(contentsOfFile: prefix + "/share/applications/nowplaying.desktop", encoding: .utf8)
        #expect(entry.contains("\nExec=\(Self.execQuoted(prefix + "/bin/nowplaying")) %U\n")
                && entry.contains("\nTryExec=\(prefix)/bin/nowplaying\n"),
                "the entry names the installed binary, not one looked for on PATH: \(entry)")
        #expect(entry.contains("MimeType=audio/mpeg;") && entry.contains("StartupWMClass=nowplaying"))
        let appstream = try run(try #require(XDisplay.which("appstreamcli")),
                                ["validate", "--no-net", prefix + "/share/metainfo/io.github.nowplaying.NowPlaying.metainfo.xml"])
        #expect(appstream.code == 0, "appstreamcli validate: \(appstream.output)")

        // The installed binary, with the source tree (and the build folder in it) hidden behind an empty folder.
        let empty = NSTemporaryDirectory() + "np-empty-\(UUID().uuidString)"
        try fm.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let shot = NSTemporaryDirectory() + "np-installed-\(UUID().uuidString).png"
        let hidden = try run(try #require(XDisplay.which("unshare")), ["-rm", "/bin/sh", "-c",
            "mount --bind \"$1\" \"$2\" && test ! -e \"$2/Package.swift\" && exec \"$3/bin/nowplaying\" --headless --screenshot \"$4\"",
            "sh", empty, source, prefix, shot], env: ["SDL_AUDIODRIVER": "dummy"])
        #expect(hidden.code == 0, "the installed app ran with the source tree hidden: \(hidden.output)")
        #expect(fm.fileExists(atPath: shot), "and took its screenshot")

        let removed = try run("/bin/bash", [source + "/scripts/install.sh", "--prefix", prefix, "--uninstall"])
        #expect(removed.code == 0, "\(removed.output)")
        let left = fm.enumerator(atPath: prefix)?.compactMap { $0 as? String }.filter {
            var dir: ObjCBool = false
            return fm.fileExists(atPath: prefix + "/" + $0, isDirectory: &dir) && !dir.boolValue
        } ?? []
        // The desktop's own index files (mimeinfo.cache, icon-theme.cache) are refreshed, not removed: they serve
        // every app in the prefix.
        #expect(left.filter { !$0.hasSuffix(".cache") }.isEmpty, "uninstall left \(left)")
    }

    @Test func theWindowCarriesTheIconAndTheDesktopEntrysClass() throws {
        let x = try XDisplay(width: 800, height: 900)
        let binary = try #require(ChildProcess.nowplaying)
        let app = try ChildProcess(binary.path, ["--size", "375x667", "--paused", "--state-dir",
                                                 NSTemporaryDirectory() + "np-icon-\(UUID().uuidString)"],
                                   env: x.environment(["SDL_AUDIODRIVER": "dummy"]))
        defer { app.stop() }
        let window = try #require(try x.appWindow())
        #expect(try x.run("xprop", ["-id", window, "WM_CLASS"]) == "WM_CLASS(STRING) = \"nowplaying\", \"nowplaying\"")
        let icon = try x.run("xprop", ["-id", window, "_NET_WM_ICON"])
        // xprop draws the icon after its size line.
        #expect(icon.hasPrefix("_NET_WM_ICON(CARDINAL) =") && icon.contains("Icon (128 x 128):"), "a 128 × 128 icon")
    }
}
