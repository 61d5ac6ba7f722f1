/// One playable item of the queue: where the audio is and what to show for it.
public struct Track: Hashable, Sendable {
    /// The audio file (absolute path).
    public var path: String
    public var title: String
    public var artist: String
    public var album: String
    public var trackNumber: Int?
    public var discNumber: Int?
    /// Length in seconds when known before playing.
    public var duration: Double?
    /// A picture file for the cover, when one was found beside the audio or named by a manifest.
    public var coverPath: String?

    public init(path: String, title: String, artist: String, album: String, trackNumber: Int? = nil,
                discNumber: Int? = nil, duration: Double? = nil, coverPath: String? = nil) {
        self.path = path; self.title = title; self.artist = artist; self.album = album
        self.trackNumber = trackNumber; self.discNumber = discNumber; self.duration = duration; self.coverPath = coverPath
    }
}
