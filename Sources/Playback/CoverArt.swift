import FoundationEssentials

/// Where a track's picture comes from: the front cover embedded in the file, else a picture beside it
/// (named like the file, or cover / folder / front), else none (the app draws a placeholder).
public enum CoverArt: Equatable, Sendable {
    case embedded([UInt8])
    case file(String)
    case none
    /// An embedded picture was refused (larger than `sizeLimit`): why, in a line for the user.
    case refused(String)

    /// The pictures looked for beside a track, in this order for the same name: those ViewKit decodes itself, then
    /// those SDL_image does (GIF, BMP, TIFF, TGA: scans and old rips).
    static let pictureExtensions = ["jpg", "jpeg", "png", "webp", "svg", "gif", "bmp", "tif", "tiff", "tga"]
    /// The most bytes of a picture read, embedded or beside (a cover is a few hundred KB, a scan a few MB).
    public static let sizeLimit = 32 * 1024 * 1024
    static let folderNames = ["cover", "folder", "front"]

    /// Looks for the picture of the audio file at `path` (reads only the picture from its tags), listing
    /// its folder through `folders` (the app's one, so a folder is listed once).
    public static func find(for path: String, folders: FolderListings) -> CoverArt {
        let tags = Tags.read(from: path, fields: .picture)
        if let picture = tags?.picture, !picture.isEmpty { return .embedded(picture) }
        if let problem = tags?.problems.first { return .refused(problem) }
        return beside(path, folders: folders)
    }

    /// The picture files next to the audio file, best first.
    static func beside(_ path: String, folders: FolderListings) -> CoverArt {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        let entries = folders.names(in: folder.path)
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
