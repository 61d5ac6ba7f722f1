import ViewKit

/// The timing of a move between two `CardState`s: for each piece, when it starts and how long it takes (as
/// fractions of SPEC M2's primaryDuration) and on which curve. Present and dismiss are two of these.
@MainActor
struct CardMove {
    struct Segment {
        var start = 0.0
        var length = 1.0
        var curve: AnimationOptions = .curveEaseInOut
    }

    let segments: [CardState.Piece: Segment]

    func segment(_ piece: CardState.Piece) -> Segment { segments[piece] ?? Segment() }

    /// SPEC M3–M7 forward: the backing ease-in-out, the container's white in a quarter, container and lower
    /// module ease-in, the mini bar away in half the time, the cover ease-out.
    static let present = CardMove(segments: [
        .backing: Segment(),
        .containerFill: Segment(length: 0.25, curve: .curveEaseIn),
        .container: Segment(curve: .curveEaseIn),
        .lowerModule: Segment(curve: .curveEaseIn),
        .miniBar: Segment(length: 0.5),
        .cover: Segment(curve: .curveEaseOut),
    ])

    /// The reverse, every piece ease-out; the white fades in the last quarter, the mini bar returns in the second half.
    static let dismiss = CardMove(segments: [
        .backing: Segment(curve: .curveEaseOut),
        .containerFill: Segment(start: 0.75, length: 0.25, curve: .curveEaseOut),
        .container: Segment(curve: .curveEaseOut),
        .lowerModule: Segment(curve: .curveEaseOut),
        .miniBar: Segment(start: 0.5, length: 0.5, curve: .curveEaseOut),
        .cover: Segment(curve: .curveEaseOut),
    ])
}
