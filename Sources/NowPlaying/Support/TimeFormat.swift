/// Track times as a player shows them: "m:ss", or "h:mm:ss" from an hour; remaining time with a minus sign.
public enum TimeFormat {
    public static func elapsed(_ seconds: Double) -> String {
        let s = max(0, Int(seconds.isFinite ? seconds.rounded(.down) : 0))
        let h = s / 3600, m = (s % 3600) / 60, sec = s % 60
        return h > 0 ? "\(h):\(pad(m)):\(pad(sec))" : "\(m):\(pad(sec))"
    }

    /// What a time shows when it is not known (a track whose length its file does not tell truthfully).
    public static let unknown = "--:--"

    /// The time left, rounded up so it reaches "−0:00" exactly at the end; `unknown` while the length is.
    public static func remaining(position: Double, duration: Double) -> String {
        guard duration > 0, duration.isFinite else { return unknown }
        let left = max(0, (duration - position).rounded(.up))
        return "\u{2212}" + elapsed(left)
    }

    /// A track's length in a list: what the remaining time shows as it starts (a 40.6 s track is "0:41" in the
    /// queue and "−0:41" on the card at 0:00, not "0:40" beside it).
    public static func length(_ seconds: Double) -> String {
        String(remaining(position: 0, duration: seconds).drop(while: { $0 == "\u{2212}" }))
    }

    private static func pad(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
}
