/// There is no display to open a window on: no X server or Wayland compositor could be reached (SDL would
/// otherwise fall back to drawing off screen, and the program would run with no window to see or close).
public struct NoDisplayError: Error, CustomStringConvertible, Sendable {
    public var description: String {
        "No display to open a window on: neither an X server (DISPLAY) nor a Wayland compositor (WAYLAND_DISPLAY) could be reached."
    }
}
