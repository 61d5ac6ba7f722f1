/// Where one frame's main-thread time went, phase by phase: for a frame-time readout, run statistics and
/// finding what made a slow frame slow.
public struct FrameCost: Sendable, Codable, Equatable {
    /// CPU seconds handling the turn's events and timers and ticking animations.
    public var events = 0.0
    /// CPU seconds laying out (and the last changes made just before drawing).
    public var layout = 0.0
    /// CPU seconds drawing the tree into the back buffer.
    public var render = 0.0
    /// CPU seconds presenting the back buffer.
    public var present = 0.0
    /// Real seconds from the start of drawing to the end of presenting.
    public var drawingTime = 0.0
    /// Page faults the main thread took during the frame: how much fresh memory it touched.
    public var pageFaults = 0
    /// The fills, copies and meshes the frame's views asked of the renderer: a GPU renderer prepares and shades
    /// each on its own (on llvmpipe, tile by tile on the CPU), so a frame of fewer draws costs less there.
    public var draws = 0

    /// All the frame's main-thread CPU seconds.
    public var cpu: Double { events + layout + render + present }

    public init() {}
}
