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
        private let attempt: Pending<PulseOutput.Connection?>?
        /// Whether the stream was handed out or closed.
        private let taken = Locked(false)
        /// Whether a server was asked.
        var asksServer: Bool { attempt != nil }

        /// Begins connecting to a PulseAudio (or PipeWire-pulse) server on a worker, unless `SDL_AUDIODRIVER`
        /// names another driver.
        public init(stream: StreamDescription) {
            attempt = PulseOutput.isWanted ? Pending { PulseOutput.Connection(feed: OutputFeed(), stream: stream) } : nil
        }

        /// The connected stream, once the attempt has ended, for a player on SDL's choice of driver (`driver`
        /// nil); closed for one on a named driver. Nil when no server was asked or none answered, and after the
        /// first call.
        func take(forDriver driver: String?) -> PulseOutput.Connection? {
            let connection = claim()
            guard driver == nil else { connection?.discard(); return nil }
            return connection
        }

        /// Closes the stream if no player took it (a program that stops before making its player), once the
        /// attempt has ended.
        public func discard() { claim()?.discard() }

        /// The attempt's stream, waited for; only the first call has it.
        private func claim() -> PulseOutput.Connection? {
            guard let attempt, taken.withLock({ was in defer { was = true }; return !was }) else { return nil }
            return attempt.wait()
        }
    }
}
