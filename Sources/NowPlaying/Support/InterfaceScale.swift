import ViewKit

/// How large the interface is drawn for a window: 1 on a phone-sized or laptop window, larger on a big monitor
/// or kiosk so the card fills it instead of leaving a small column in empty space (`--scale` overrides it).
enum InterfaceScale {
    /// The window size (in points) the portrait card is designed to fill: its widest column and its height.
    static let portraitDesign = Size(width: 480, height: 800)
    /// The window size the side-by-side card is designed to fill (a laptop's window; a 800 × 480 kiosk fits at 1).
    static let landscapeDesign = Size(width: 1000, height: 600)
    /// DPI the interface's points are drawn at scale 1 (the desktop convention).
    static let referenceDPI = 96.0

    /// The content scale for a window of `size` (SDL window units) on a display of `dpi`: the larger of what the
    /// size asks (the design size scaled up to fill the window) and what the DPI asks, in quarter steps, never so
    /// large that the window drops below the smallest size the card is laid out for. Only a window smaller than any
    /// window may be (a small screen filled) is drawn below 1.
    static func forWindow(_ size: Size, dpi: Double?) -> Double {
        let landscape = size.width >= size.height * CardLayout.landscapeAspect
        if size.width < minimumWindow.width || size.height < minimumWindow.height {
            // Smaller than any window can be made (a kiosk's small screen, filled): the card drawn smaller, in
            // quarter steps, as far as it takes to lay it out whole (not below a half).
            let smallest = landscape ? minimumLandscapeWindow : minimumWindow
            let fits = min(1, size.width / smallest.width, size.height / smallest.height)
            return max(0.5, (fits * 4).rounded(.down) / 4)
        }
        let design = landscape ? landscapeDesign : portraitDesign
        let bySize = min(size.width / design.width, size.height / design.height)
        let byDPI = (dpi ?? referenceDPI) / referenceDPI
        let largest = min(size.width / minimumWindow.width, size.height / minimumWindow.height)
        let scale = min(max(1, bySize, byDPI), max(1, largest))
        return (scale * 4).rounded(.down) / 4
    }

    /// The smallest window the card is laid out for (also the window's minimum size).
    static let minimumWindow = Size(width: 280, height: 440)
    /// The smallest side-by-side card at scale 1: the 340 pt controls column (`CardLayout.minimumControlsWidth`)
    /// beside a cover of 232 pt and its two 34 pt margins; 360 pt high holds the 48 pt header, that cover, its peek
    /// and the bottom margin, and the 198 pt block of controls beside the cover.
    static let minimumLandscapeWindow = Size(width: 640, height: 360)
}
