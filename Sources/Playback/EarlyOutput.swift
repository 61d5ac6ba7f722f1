import Locking

extension Player {
    /// The sound server's stream, connected on a worker while the rest of the program starts (its window opening,
    /// its library read) instead of on the interface thread when the player is made: connecting is a few
    /// milliseconds of round trips to the server. Begun once the process's environment is set
    /// (`describeProcess`: libpulse reads it as it connects); a player made with it takes the stream, or opens
    /// its output as it would have without it when no server answered. The stream is named after the program
    /// until the player names it after the song.
    public final class EarlyOutput: Sendable {
        /// The samples the stream plays: the player made with it plays through this feed.
        let feed = OutputFeed()
        /// The attempt, when a server is asked (SDL is not asked for another driver by `SDL_AUDIODRIVER`).
        private let attempt: Pending<PulseOutput.Connection?>?
        /// Whether a server was asked.
        var asksServer: Bool { attempt != nil }

        /// Begins connecting to a PulseAudio (or PipeWire-pulse) server on a worker, unless `SDL_AUDIODRIVER`
        /// names another driver; `iconName` is the stream's icon.
        public init(iconName: String) {
            let feed = self.feed
            attempt = PulseOutput.isWanted
                ? Pending { PulseOutput.Connection(feed: feed, stream: StreamDescription(name: "NowPlaying", iconName: iconName)) }
                : nil
        }

        /// The connected stream, once the attempt has ended; nil when no server was asked or none answered.
        func connection() -> PulseOutput.Connection? { attempt?.wait() }
    }
}
