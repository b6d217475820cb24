import Dynamics

/// A grid at round distances in the display units over a view, the same in every picture: about eight steps across
/// the view's longer side, each line with its value as the units show it (x as it is; y from the floor upward when
/// y is up), and a caption with the step and the axes' directions.
public struct GridLines: Sendable {
    /// One line: where it is, in world points (x for a vertical line, y for a horizontal one), and its label.
    public struct Line: Sendable, Equatable {
        public var at: Double
        public var label: String
    }

    /// Vertical lines, left to right.
    public var vertical: [Line]
    /// Horizontal lines, top to bottom of the shown values' order.
    public var horizontal: [Line]
    /// The step in display units.
    public var step: Double
    /// `grid 1 m, x right, y up`.
    public var caption: String

    /// The grid over `view` in `units`, or nil when the view has no finite positive size.
    public init?(_ units: DisplayUnits, view: AABB) {
        let shownWidth = units.length(max(view.width, view.height))
        guard let step = PlotTicks.step(for: shownWidth, ticks: 8) else { return nil }
        self.step = step
        let xs = PlotTicks.values(from: units.length(view.lower.x), to: units.length(view.upper.x), step: step)
        let ys0 = units.yUp ? units.length(units.floor - view.upper.y) : units.length(view.lower.y)
        let ys1 = units.yUp ? units.length(units.floor - view.lower.y) : units.length(view.upper.y)
        let ys = PlotTicks.values(from: ys0, to: ys1, step: step)
        vertical = xs.map { Line(at: units.points($0), label: PlotTicks.label($0, step: step)) }
        horizontal = ys.map { Line(at: units.pointsY($0), label: PlotTicks.label($0, step: step)) }
        caption = "grid \(PlotTicks.label(step, step: step)) \(units.lengthUnit), x right, \(units.yUp ? "y up" : "y down")"
    }
}
