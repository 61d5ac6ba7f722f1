import FoundationEssentials
import Glibc

/// A track's ReplayGain tags (REPLAYGAIN_TRACK/ALBUM_GAIN and _PEAK, or Opus's R128_TRACK/ALBUM_GAIN
/// converted to ReplayGain's −18 LUFS reference): gains in dB, peaks as fractions of full scale.
public struct ReplayGain: Sendable, Hashable {
    // Kept in 32 bytes, not 64: every track of a library holds one.
    @PackedDouble public var trackGain: Double?
    @PackedDouble public var trackPeak: Double?
    @PackedDouble public var albumGain: Double?
    @PackedDouble public var albumPeak: Double?

    public init(trackGain: Double? = nil, trackPeak: Double? = nil, albumGain: Double? = nil, albumPeak: Double? = nil) {
        self.trackGain = trackGain; self.trackPeak = trackPeak; self.albumGain = albumGain; self.albumPeak = albumPeak
    }

    /// The amplitude factor to play at: the album's gain (when asked and tagged) or the track's, held down
    /// so the matching peak stays within full scale; 1 without tags.
    public func amplitude(album: Bool) -> Double {
        let useAlbum = album && albumGain != nil
        guard let gain = useAlbum ? albumGain : trackGain else { return 1 }
        let factor = pow(10, gain / 20)
        guard let peak = (useAlbum ? albumPeak : trackPeak) ?? trackPeak, peak > 0 else { return factor }
        return min(factor, 1 / peak)
    }
}

/// Whether ReplayGain is applied: `automatic` uses album gain while one album plays in order and track
/// gain when shuffled or when the queue mixes albums (what Quod Libet and Strawberry call "automatic").
public enum ReplayGainMode: String, Sendable, Codable, CaseIterable {
    case off, automatic
}
