import Dynamics

/// Draws a world snapshot as text for a terminal: boundaries, joints, items (rotated, filled or outlined) and
/// contact points, to scale with the aspect ratio kept, and the overlays every picture offers (velocity and force
/// arrows, trails, a grid, energy bars as text lines under the picture). The same snapshot and options always give
/// the same text.
public struct TerminalCanvas: Sendable {
    /// What to draw and how.
    public struct Options: Sendable {
        /// Width of the picture in character cells (1...2000).
        public var width: Int = 80
        /// At most this many lines; a taller picture is drawn narrower to fit. Nil: no limit.
        public var maxHeight: Int?
        /// How cells are split into dots.
        public var glyphs: CellGlyphs = .braille
        /// Plain text or ANSI colours (items in their own colours).
        public var colorMode: TerminalColorMode = .none
        /// Fill item shapes (true) or draw only their outlines.
        public var filled: Bool = true
        /// Draw joints as lines.
        public var showJoints: Bool = true
        /// Mark contact points with a dot.
        public var showContacts: Bool = false
        /// Write each item's name over its centre when the name fits inside the item's width.
        public var showLabels: Bool = false
        /// Draw each field as a grid of arrows (and, in `lines`, a legend line per field).
        public var showFields: Bool = true
        /// Draw each item's velocity as an arrow from its centre, `velocityScale` seconds of motion long.
        public var showVelocities: Bool = false
        public var velocityScale: Double = ItemArrows.velocityScale
        /// Draw the net force on each item (over the last frame) as an arrow, `forceScale` points per mass·pt/s².
        public var showForces: Bool = false
        public var forceScale: Double = ItemArrows.forceScale
        /// Draw the trails given to `lines` or `raster`, each in its item's colour.
        public var showTrails: Bool = false
        /// Draw a dotted grid at round distances in the display units (its step in a line under the picture).
        public var showGrid: Bool = false
        /// Write kinetic, potential and total energy as three bars under the picture.
        public var showEnergy: Bool = false
        /// A character cell's height over its width; most terminal fonts are close to 2.
        public var cellAspect: Double = 2
        /// The part of the world shown; nil: the snapshot's reference bounds, else everything with a margin.
        public var view: AABB?

        /// Options with every default: 80 cells of braille, plain text, filled items, joints shown.
        public init() {}
    }

    /// The options this canvas draws with.
    public var options: Options

    /// A canvas that draws with `options`.
    public init(options: Options = Options()) { self.options = options }

    /// A canvas of `width` cells with the other options at their defaults.
    public init(width: Int, glyphs: CellGlyphs = .braille, colorMode: TerminalColorMode = .none) {
        var o = Options()
        o.width = width; o.glyphs = glyphs; o.colorMode = colorMode
        options = o
    }

    /// The grid size, in cells, that a view of `view` takes with these options.
    public func gridSize(for view: AABB) throws(PictureError) -> (columns: Int, rows: Int) {
        try validate()
        let cpc = Double(options.glyphs.columnsPerCell), rpc = Double(options.glyphs.rowsPerCell)
        // A dot is (cellAspect / rpc) / (1 / cpc) times as tall as it is wide.
        let dotAspect = options.cellAspect * cpc / rpc
        func rows(forColumns columns: Int) -> Int {
            let dotsAcross = Double(columns) * cpc
            let dotsDown = view.height / view.width * dotsAcross / dotAspect
            // A needle-thin view would ask for absurdly many lines; cap before converting to Int.
            return max(1, Int(min((dotsDown / rpc).rounded(.up), 4000)))
        }
        var columns = options.width
        var rowCount = rows(forColumns: columns)
        if let maxHeight = options.maxHeight, rowCount > maxHeight {
            columns = max(1, Int((Double(columns) * Double(maxHeight) / Double(rowCount)).rounded(.down)))
            rowCount = min(maxHeight, rows(forColumns: columns))
        }
        return (columns, rowCount)
    }

    /// The picture as lines of text (no line breaks inside), then one legend line per field, the grid's step and
    /// the energy bars when asked. The lines under the picture count against `maxHeight`. `trails`: one path per
    /// item of the snapshot (see `Trails`), drawn when `showTrails` is set.
    public func lines(_ snapshot: WorldSnapshot, trails: [[Vector]] = []) throws(PictureError) -> [String] {
        let view = options.view ?? SceneBounds.view(of: snapshot)
        let grid = options.showGrid ? GridLines(snapshot.units, view: view) : nil
        var under: [String] = []
        if let grid { under.append(grid.caption) }
        if options.showEnergy { under += energyLines(EnergyBars(snapshot)) }
        var fitted = self
        if let h = options.maxHeight, !under.isEmpty { fitted.options.maxHeight = max(1, h - under.count) }
        return try fitted.raster(snapshot, trails: trails).lines(colorMode: options.colorMode)
            + (options.showFields ? FieldArrows.of(snapshot).map(\.legend) : []) + under
    }

    /// The picture as one string, lines joined by `\n`, without a final line break.
    public func draw(_ snapshot: WorldSnapshot, trails: [[Vector]] = []) throws(PictureError) -> String {
        try lines(snapshot, trails: trails).joined(separator: "\n")
    }

    /// The energy bars as text: the name, a bar of eighth blocks (`#` in ASCII) as long as its fraction of 24
    /// cells, and the value with its unit.
    func energyLines(_ energy: EnergyBars) -> [String] {
        let cells = 24
        let eighths = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        return energy.bars.map { bar in
            let total = Int((bar.fraction * Double(cells * 8)).rounded())
            var text: String
            if options.glyphs == .ascii {
                let whole = (total + 4) / 8
                text = String(repeating: "#", count: whole) + String(repeating: " ", count: cells - whole)
            } else {
                let whole = total / 8, part = total % 8
                text = String(repeating: "█", count: whole) + eighths[part]
                text += String(repeating: " ", count: cells - whole - (part > 0 ? 1 : 0))
            }
            let color = ANSIColor.foreground(bar.color, mode: options.colorMode)
            let bar0 = color.isEmpty ? text : color + text + "\u{1B}[0m"
            let name = bar.name + String(repeating: " ", count: max(1, 10 - bar.name.count))
            return "\(name)\(bar0) \(NumberText.compact(bar.value)) \(energy.unit)"
        }
    }

    /// The lit dots and cell colours of the picture, for callers that compose their own output.
    public func raster(_ snapshot: WorldSnapshot, trails: [[Vector]] = []) throws(PictureError) -> DotGrid {
        let view = options.view ?? SceneBounds.view(of: snapshot)
        guard SceneBounds.isUsable(view) else { throw .invalidOption("view must be a finite rectangle with positive size") }
        guard options.velocityScale.isFinite, options.forceScale.isFinite else { throw .invalidOption("arrow scales must be finite") }
        let size = try gridSize(for: view)
        var grid = DotGrid(columns: size.columns, rows: size.rows, glyphs: options.glyphs)
        // One world-to-dot scale for both axes, corrected for the dot's shape, keeps circles round.
        let dotsPerPoint = Double(grid.dotWidth) / view.width
        let dotAspect = options.cellAspect * Double(options.glyphs.columnsPerCell) / Double(options.glyphs.rowsPerCell)
        func dot(_ p: Vector) -> (x: Double, y: Double) {
            ((p.x - view.lower.x) * dotsPerPoint, (p.y - view.lower.y) * dotsPerPoint / dotAspect)
        }

        if options.showGrid, let lines = GridLines(snapshot.units, view: view) {
            // Every third dot, in a pale grey, so the grid stays behind whatever crosses it.
            let pale = RGBColor(hex: 0xc8d0d8)
            for line in lines.vertical {
                let x = dot(Vector(line.at, view.lower.y)).x
                guard x.isFinite, x >= 0, x < Double(grid.dotWidth) else { continue }
                for y in stride(from: 0, to: grid.dotHeight, by: 3) { grid.plot(x: Int(x.rounded(.down)), y: y, color: pale) }
            }
            for line in lines.horizontal {
                let y = dot(Vector(view.lower.x, line.at)).y
                guard y.isFinite, y >= 0, y < Double(grid.dotHeight) else { continue }
                for x in stride(from: 0, to: grid.dotWidth, by: 3) { grid.plot(x: x, y: Int(y.rounded(.down)), color: pale) }
            }
        }
        // Fields first, so everything else is drawn over their arrows.
        for field in options.showFields ? FieldArrows.of(snapshot) : [] {
            for arrow in field.arrows {
                let (left, right) = FieldArrows.head(arrow)
                grid.line(from: dot(arrow.tail), to: dot(arrow.tip), color: field.color)
                grid.line(from: dot(left), to: dot(arrow.tip), color: field.color)
                grid.line(from: dot(right), to: dot(arrow.tip), color: field.color)
            }
        }
        for boundary in snapshot.boundaries {
            stroke(boundary.points.map(dot), closed: boundary.isClosed, color: .boundary, into: &grid)
        }
        if options.showTrails {
            for (item, path) in zip(snapshot.items, trails) where path.count >= 2 {
                stroke(path.map(dot), closed: false, color: RGBColor.item(item.color), into: &grid)
            }
        }
        // Text cells cannot blend: an item at least half opaque is drawn whole, a fainter one as its outline only,
        // and an invisible one not at all. A view holding subviews is outlined too, or it would hide them.
        for item in snapshot.items where item.alpha > 0.05 {
            let outline = ItemOutline.world(item).map(dot)
            let color = RGBColor.item(item.color)
            if options.filled && item.alpha >= 0.5 && !item.holdsSubviews { grid.fill(polygon: outline, color: color) }
            stroke(outline, closed: true, color: color, into: &grid)
        }
        // An item group is outlined around its members, over them.
        for group in snapshot.groups { stroke(group.outline.map(dot), closed: true, color: .joint, into: &grid) }
        if options.showLabels {
            for item in snapshot.items where !item.name.isEmpty && item.alpha > 0.05 { label(item, dot: dot, into: &grid) }
        }
        if options.showJoints {
            for joint in snapshot.joints { grid.line(from: dot(joint.pointA), to: dot(joint.pointB), color: .joint) }
        }
        if options.showContacts {
            for point in snapshot.contactPoints {
                let d = dot(point)
                guard d.x.isFinite, d.y.isFinite, abs(d.x) < 1e9, abs(d.y) < 1e9 else { continue }
                grid.plot(x: Int(d.x.rounded(.down)), y: Int(d.y.rounded(.down)), color: .contact)
            }
        }
        // Arrows last, over everything: a head's strokes a third of the arrow long, at least two dots.
        func arrows(_ list: [ItemArrows.Arrow], color: RGBColor) {
            let dotSize = view.width / Double(grid.dotWidth)
            for arrow in list {
                let (left, right) = ItemArrows.head(arrow, size: max(arrow.length / 3, 2 * dotSize))
                grid.line(from: dot(arrow.tail), to: dot(arrow.tip), color: color)
                grid.line(from: dot(left), to: dot(arrow.tip), color: color)
                grid.line(from: dot(right), to: dot(arrow.tip), color: color)
            }
        }
        // Arrows shorter than a dot show no direction and are left out.
        let dotSize = view.width / Double(grid.dotWidth)
        if options.showVelocities {
            arrows(ItemArrows.velocities(snapshot, scale: options.velocityScale, shortest: dotSize), color: ItemArrows.velocityColor)
        }
        if options.showForces {
            arrows(ItemArrows.forces(snapshot, scale: options.forceScale, shortest: dotSize), color: ItemArrows.forceColor)
        }
        return grid
    }

    /// Centres the name on the item's centre cell, only if the item is at least that many cells wide there,
    /// so labels never spill over neighbours or hide small items.
    private func label(_ item: ItemSnapshot, dot: (Vector) -> (x: Double, y: Double), into grid: inout DotGrid) {
        let outline = ItemOutline.world(item).map(dot)
        guard let minX = outline.map(\.x).min(), let maxX = outline.map(\.x).max() else { return }
        let centre = dot(item.center)
        let cpc = Double(options.glyphs.columnsPerCell), rpc = Double(options.glyphs.rowsPerCell)
        guard centre.x.isFinite, centre.y.isFinite, abs(centre.x) < 1e7, abs(centre.y) < 1e7 else { return }
        let widthInCells = (maxX - minX) / cpc
        let count = item.name.count
        guard Double(count) + 1 <= widthInCells else { return }
        let column = Int((centre.x / cpc - Double(count) / 2).rounded())
        grid.write(item.name, column: column, row: Int((centre.y / rpc).rounded(.down)), color: nil)
    }

    private func validate() throws(PictureError) {
        guard (1...2000).contains(options.width) else { throw .invalidOption("width must be 1...2000 cells, got \(options.width)") }
        if let h = options.maxHeight, !(1...2000).contains(h) {
            throw .invalidOption("height must be 1...2000 lines, got \(h)")
        }
        guard options.cellAspect.isFinite, options.cellAspect > 0.1, options.cellAspect < 10 else {
            throw .invalidOption("cell aspect must be between 0.1 and 10")
        }
    }

    private func stroke(_ points: [(x: Double, y: Double)], closed: Bool, color: RGBColor, into grid: inout DotGrid) {
        guard let first = points.first else { return }
        if points.count == 1 { grid.line(from: first, to: first, color: color); return }
        for i in 1..<points.count { grid.line(from: points[i - 1], to: points[i], color: color) }
        if closed, points.count > 2, let last = points.last { grid.line(from: last, to: first, color: color) }
    }
}
