import Foundation

/// An album described by a JSON file beside its artwork (the bundled demo album uses one):
/// album title, artist, and per track its number, title, cover and expected length.
public struct AlbumManifest: Codable, Sendable {
    public struct Entry: Codable, Sendable {
        public var number: Int
        public var title: String
        public var artist: String?
        /// The cover picture, relative to the manifest's folder.
        public var cover: String?
        /// The audio file, relative to the manifest's folder, once the album has audio.
        public var file: String?
        public var duration: Double?
    }

    public var album: String
    public var artist: String
    public var tracks: [Entry]

    /// What went wrong reading a manifest, in plain words.
    public struct LoadError: Error, CustomStringConvertible, Sendable {
        public let path: String
        public let reason: String
        public var description: String { "Cannot read the album description \(path): \(reason)" }
    }

    /// Reads and checks a manifest file.
    public static func load(from path: String) throws -> AlbumManifest {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LoadError(path: path, reason: "the file does not exist or cannot be read")
        }
        let manifest: AlbumManifest
        do {
            manifest = try JSONDecoder().decode(AlbumManifest.self, from: data)
        } catch {
            throw LoadError(path: path, reason: "it is not a valid album description (\(error.localizedDescription))")
        }
        guard !manifest.tracks.isEmpty else { throw LoadError(path: path, reason: "it lists no tracks") }
        return manifest
    }

    /// The tracks in album order, with paths made absolute against `folder`.
    public func tracks(relativeTo folder: String) -> [Track] {
        let base = URL(fileURLWithPath: folder)
        return tracks.sorted { $0.number < $1.number }.map { e in
            Track(path: e.file.map { base.appendingPathComponent($0).path } ?? "",
                  title: e.title, artist: e.artist ?? artist, album: album, trackNumber: e.number,
                  duration: e.duration, coverPath: e.cover.map { base.appendingPathComponent($0).path })
        }
    }
}
