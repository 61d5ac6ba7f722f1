import Dispatch
import Locking

extension Player {
    /// The sound server's stream, connected on a worker while the rest of the program starts (its window opening,
    /// its library read) instead of on the interface thread when the player is made: connecting is a few
    /// milliseconds of round trips to the server. Begun once the process's environment is set
    /// (`describeProcess`: libpulse reads it as it connects); the one player made with it takes the stream, or
    /// opens its output as it would have without it when no server answered. The stream carries `stream`'s name
    /// until the player names it after the song.
    public final class EarlyOutput: Sendable {
        /// The attempt, when a server is asked (SDL is not asked for another driver by `SDL_AUDIODRIVER`).
        private let attempt: Pending<PulseOutput.Answer>?
        /// Whether the stream was handed out or closed.
        private let taken = Locked(false)
        /// Whether a server was asked.
        var asksServer: Bool { attempt != nil }
        /// What the early stream plays: the player's feed when it takes the stream (connected by then, or later).
        let feed = OutputFeed()

        /// Begins connecting to a PulseAudio (or PipeWire-pulse) server on a worker, unless `SDL_AUDIODRIVER`
        /// names another driver.
        public init(stream: StreamDescription) {
            // Held until the player has a track to play and lets it go (a stream taken late must not play the feed
            // before the player has it).
            let feed = self.feed
            attempt = PulseOutput.isWanted ? Pending { PulseOutput.Connection.ask(feed: feed, stream: stream, corked: true) } : nil
        }

        /// What came of the attempt, for a player.
        enum Outcome {
            case answered(PulseOutput.Answer)
            /// Still asking after the wait: the attempt, whose answer the player takes when it comes.
            case stillAsking(Pending<PulseOutput.Answer>)
            /// No server was asked, or the player is on a named driver (a stream is closed), or this was asked before.
            case notAsked
        }

        /// What the server answered, for a player on SDL's choice of driver (`driver` nil), waiting at most
        /// `seconds` for the attempt to end (only the first call has it).
        func outcome(forDriver driver: String?, waitingAtMost seconds: Double) -> Outcome {
            guard let attempt, claim() else { return .notAsked }
            guard driver == nil else {
                // Not taken: closed once the attempt ends, on a worker (it may wait up to 3 s for the server).
                DispatchQueue.global().async { if case .connected(let connection) = attempt.wait() { connection.discard() } }
                return .notAsked
            }
            return attempt.wait(atMost: seconds).map(Outcome.answered) ?? .stillAsking(attempt)
        }

        /// Closes the stream if no player took it (a program that stops before making its player), once the
        /// attempt has ended.
        public func discard() {
            guard let attempt, claim(), case .connected(let connection) = attempt.wait() else { return }
            connection.discard()
        }

        /// Whether this is the first call to claim the attempt's outcome.
        private func claim() -> Bool {
            taken.withLock { was in defer { was = true }; return !was }
        }
    }
}
