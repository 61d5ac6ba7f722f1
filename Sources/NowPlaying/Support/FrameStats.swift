/// The text of the `--fps` readout.
public enum FrameStats {
    /// "4.2 ms · 60 fps": the last frame's cost and how many frames were drawn in the last second
    /// (fewer than 60 when nothing moves: an idle window draws nothing).
    public static func readout(frameCost: Double, frameTimes: [Double]) -> String {
        let ms = (frameCost * 10000).rounded() / 10
        let fps: Int
        if let first = frameTimes.first, let last = frameTimes.last, frameTimes.count > 1, last > first {
            fps = Int((Double(frameTimes.count - 1) / (last - first)).rounded())
        } else {
            fps = 0
        }
        return "\(ms) ms · \(fps) fps"
    }
}
