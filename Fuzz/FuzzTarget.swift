import FoundationEssentials
import Playback

/// The parsers of text that reaches the app from files it did not write: LRC lyrics, M3U playlists and the
/// saved session. Each runs on any bytes and checks what it returns; a trap here is a bug found.
enum FuzzTarget: String, CaseIterable {
    case lyrics, playlist, state

    /// Parses `data` and checks the result's invariants (a failed check traps, which the fuzzer reports).
    func run(_ data: Data) {
        switch self {
        case .lyrics:
            let lyrics = Lyrics.parse(String(decoding: data, as: UTF8.self), source: "fuzz")
            let times = lyrics.lines.compactMap(\.time)
            precondition(times.allSatisfy { $0.isFinite && $0 >= 0 }, "a line time is negative or not finite")
            precondition(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }, "synced lines are out of order")
            precondition(times.isEmpty || times.count == lyrics.lines.count, "synced and plain lines are mixed")
            for position in [-1, 0, times.first ?? 0, times.last ?? 0, 1e9] {
                if let i = lyrics.lineIndex(at: position) { precondition(lyrics.lines.indices.contains(i)) }
            }
        case .playlist:
            for entry in PlaylistText.entries(in: String(decoding: data, as: UTF8.self)) {
                switch entry {
                case .path(let p), .unplayable(let p, _):
                    precondition(!p.isEmpty && !p.hasPrefix("#"), "a blank line or a comment became an entry")
                }
            }
        case .state:
            guard let state = try? PlaybackState.decode(data, path: "fuzz") else { return }
            precondition(state.paths.indices.contains(state.current) && state.position.isFinite && state.position >= 0
                         && (0...1).contains(state.volume), "a state out of range was accepted")
            // What was accepted is saved and read back the same.
            let encoded = try! JSONEncoder().encode(state)
            precondition((try? PlaybackState.decode(encoded, path: "fuzz")) == state, "a state does not survive a save")
        }
    }
}
