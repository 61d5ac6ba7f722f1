import FoundationEssentials

/// Where a track's picture comes from: the front cover embedded in the file, else a picture beside it
/// (named like the file, or cover / folder / front), else none (the app draws a placeholder).
public enum CoverArt: Equatable, Sendable {
    case embedded([UInt8])
    case file(String)
    case none

    static let pictureExtensions = ["jpg", "jpeg", "png", "webp"]
    static let folderNames = ["cover", "folder", "front"]

    /// Looks for the picture of the audio file at `path` (reads the file's tags for an embedded one).
    public static func find(for path: String) -> CoverArt {
        if let picture = Tags.read(from: path)?.picture, !picture.isEmpty { return .embedded(picture) }
        return beside(path)
    }

    /// The picture files next to the audio file, best first.
    public static func beside(_ path: String) -> CoverArt {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let byLowercase = Dictionary(entries.map { ($0.lowercased(), $0) }, uniquingKeysWith: { a, _ in a })
        let stem = url.deletingPathExtension().lastPathComponent.lowercased()
        for name in [stem] + folderNames {
            for ext in pictureExtensions {
                if let real = byLowercase["\(name).\(ext)"] { return .file(folder.appendingPathComponent(real).path) }
            }
        }
        return .none
    }
}
