import FoundationEssentials
import ViewKit

/// Where the app's own files are: Assets/ (icons, demo album) and Fonts/.
/// Looked for in $NOWPLAYING_DATA, beside the executable (../share/nowplaying, as installed) and above it
/// (a build folder inside the source tree): always relative to the executable, never where it was compiled.
public struct AppResources: Sendable {
    public let root: URL

    public var assets: URL { root.appendingPathComponent("Assets") }
    public var fonts: URL { root.appendingPathComponent("Fonts") }
    /// The bundled demo album's folder.
    public var demoAlbum: String { assets.appendingPathComponent("Demo").path }

    /// The app's icon as a picture (the window's icon).
    public var appIcon: String { assets.appendingPathComponent("Desktop/nowplaying-128.png").path }

    public func icon(_ name: String) -> String { assets.appendingPathComponent("Icons/\(name).svg").path }

    /// The fonts the UI uses: Inter in four weights, then the system's fall-backs.
    public var fontLibrary: FontLibrary {
        FontLibrary(faces: [
            .regular: fonts.appendingPathComponent("Inter-Regular.otf").path,
            .medium: fonts.appendingPathComponent("Inter-Medium.otf").path,
            .semibold: fonts.appendingPathComponent("Inter-SemiBold.otf").path,
            .bold: fonts.appendingPathComponent("Inter-Bold.otf").path,
        ])
    }

    public struct NotFound: Error, CustomStringConvertible {
        public let searched: [String]
        public var description: String {
            "Cannot find NowPlaying's Assets and Fonts folders (looked in: \(searched.joined(separator: ", "))). " +
            "Set NOWPLAYING_DATA to the folder that holds them."
        }
    }

    public static func locate() throws -> AppResources {
        var candidates: [URL] = []
        if let env = ProcessInfo.processInfo.environment["NOWPLAYING_DATA"] { candidates.append(URL(fileURLWithPath: env)) }
        let exe = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath().deletingLastPathComponent()
        candidates.append(exe.appendingPathComponent("../share/nowplaying").standardized)
        var dir = exe
        for _ in 0..<6 { candidates.append(dir); dir = dir.deletingLastPathComponent() }
        for c in candidates {
            let fm = FileManager.default
            if fm.fileExists(atPath: c.appendingPathComponent("Assets/Icons").path),
               fm.fileExists(atPath: c.appendingPathComponent("Fonts").path) {
                return AppResources(root: c)
            }
        }
        throw NotFound(searched: candidates.map(\.path))
    }
}
