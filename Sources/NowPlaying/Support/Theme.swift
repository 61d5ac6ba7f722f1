import ViewKit

/// The dark look of the Now Playing screen (Spotify's): colours and type.
public enum Theme {
    public static let background = Color(hex: 0x121212)
    public static let accent = Color(hex: 0x1DB954)
    public static let primaryText = Color.white
    public static let secondaryText = Color(white: 1, alpha: 0.7)
    public static let tertiaryText = Color(white: 1, alpha: 0.6)
    public static let trackRemaining = Color(white: 1, alpha: 0.3)

    public static let titleFont = Font(size: 22, weight: .bold)
    public static let artistFont = Font(size: 16, weight: .regular)
    public static let timeFont = Font(size: 12, weight: .medium)
    public static let captionFont = Font(size: 11, weight: .semibold)
    public static let headerFont = Font(size: 13, weight: .bold)

    /// The lyrics card's colour for a cover: its mean colour, deepened (Spotify's lyrics cards take the art's hue).
    public static func lyricsCard(for cover: Color) -> Color {
        Color(red: cover.red * 0.7, green: cover.green * 0.7, blue: cover.blue * 0.7)
    }

    /// The background's top colour for a cover: its mean colour, darkened so white text stays readable.
    public static func backdrop(for cover: Color) -> Color {
        Color(red: cover.red * 0.55, green: cover.green * 0.55, blue: cover.blue * 0.55)
    }
}
