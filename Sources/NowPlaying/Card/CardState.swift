import ViewKit

/// One end of the card transition (SPEC M3–M7): how each piece of the card looks with the card down at the
/// mini player or presented. Present and dismiss are the same move between two of these (see `CardMove`);
/// a layout only says where the cover lands and how far the lower module starts below.
@MainActor
struct CardState {
    /// SPEC M3: 0 the backing fills the window, 1 it is inset 15 (15 × h / w top and bottom).
    var backingProgress: Double
    var backingCornerRadius: Double
    var dimmerAlpha: Double
    /// SPEC M4: the container's white, half-transparent at the mini player.
    var containerFillAlpha: Double
    var containerTop: Double
    var containerCornerRadius: Double
    var chevronAlpha: Double
    /// SPEC M6: how far below its place the lower module is.
    var lowerOffset: Double
    /// SPEC M7: how far the still of the mini bar has slid down.
    var miniBarOffset: Double
    /// SPEC M5: the flying cover, in the card's space.
    var coverFrame: Rect

    /// The card down at the mini player: its container's top 15 above the bar, the cover on the thumbnail.
    static func mini(miniFrame: Rect, thumbnailFrame: Rect, lowerRise: Double) -> CardState {
        CardState(backingProgress: 0, backingCornerRadius: 0, dimmerAlpha: 0, containerFillAlpha: 0.3,
                  containerTop: miniFrame.minY - CardView.backingEdgeInset, containerCornerRadius: 0, chevronAlpha: 0,
                  lowerOffset: lowerRise, miniBarOffset: 0, coverFrame: thumbnailFrame)
    }

    /// The card presented: backing inset and dimmed, container at the top, cover on the carousel's centred one.
    static func presented(miniFrame: Rect, coverFrame: Rect) -> CardState {
        CardState(backingProgress: 1, backingCornerRadius: CardView.cardCornerRadius, dimmerAlpha: 0.3, containerFillAlpha: 1,
                  containerTop: 0, containerCornerRadius: CardView.cardCornerRadius, chevronAlpha: 1,
                  lowerOffset: 0, miniBarOffset: miniFrame.height + CardView.backingEdgeInset, coverFrame: coverFrame)
    }

    /// The pieces that move together (one timing each in a `CardMove`).
    enum Piece: CaseIterable {
        case backing, containerFill, container, lowerModule, miniBar, cover
    }

    /// This state with `piece` taken from `other`.
    func taking(_ piece: Piece, from other: CardState) -> CardState {
        var s = self
        switch piece {
        case .backing:
            s.backingProgress = other.backingProgress
            s.backingCornerRadius = other.backingCornerRadius
            s.dimmerAlpha = other.dimmerAlpha
        case .containerFill: s.containerFillAlpha = other.containerFillAlpha
        case .container:
            s.containerTop = other.containerTop
            s.containerCornerRadius = other.containerCornerRadius
            s.chevronAlpha = other.chevronAlpha
        case .lowerModule: s.lowerOffset = other.lowerOffset
        case .miniBar: s.miniBarOffset = other.miniBarOffset
        case .cover: s.coverFrame = other.coverFrame
        }
        return s
    }
}
