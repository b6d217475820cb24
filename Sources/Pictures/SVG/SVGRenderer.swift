import Dynamics

/// Writes a world snapshot as a standalone SVG document in the world's own coordinates (SVG is y-down too, so
/// points map one to one): boundaries, joints, items filled in their colours with their names as labels, and
/// optionally the overlays every picture offers (velocity and force arrows, trails, energy bars, a grid, contact
/// points). The viewBox is the reference bounds when there are some.
public struct SVGRenderer: Sendable {
    /// What to draw.
    public struct Options: Sendable {
        /// Draw each item's velocity as an arrow from its centre.
        public var showVelocities: Bool = false
        /// Seconds of motion an arrow shows: an item at 100 pt/s gets a 10 pt arrow at the default 0.1.
        public var velocityScale: Double = ItemArrows.velocityScale
        /// Draw the net force on each item (over the last frame) as an arrow from its centre.
        public var showForces: Bool = false
        /// Points of arrow per mass·pt/s²: the default gives the weight of a mass-1 item under gravity 1 50 pt.
        public var forceScale: Double = ItemArrows.forceScale
        /// Draw each item's trail (the paths given to `render`) in its colour.
        public var showTrails: Bool = false
        /// Draw kinetic, potential and total energy as bars in the top-right corner.
        public var showEnergy: Bool = false
        /// Mark the contact points.
        public var showContacts: Bool = false
        /// Write each item's name beside it (to its right, on a white halo, so it hides nothing and reads on anything).
        public var showLabels: Bool = true
        /// Draw a grid at round distances in the snapshot's display units, labelled along the top and left edges.
        public var showGrid: Bool = false
        /// Draw each field as a grid of arrows with a legend line.
        public var showFields: Bool = true
        /// Width of the document in CSS pixels; nil: one pixel a point. The height keeps the aspect ratio.
        public var pixelWidth: Double?
        /// The background colour; nil: transparent.
        public var background: RGBColor? = RGBColor(hex: 0xffffff)
        /// The part of the world shown; nil: the reference bounds, else everything with a margin.
        public var view: AABB?

        /// Options with every default: labels and a white background, no arrows or contacts.
        public init() {}
    }

    /// The options this renderer draws with.
    public var options: Options

    /// A renderer that draws with `options`.
    public init(options: Options = Options()) { self.options = options }

    /// The SVG document, XML declaration included.
    /// `trails`: where each item has been, one path per item of the snapshot (see `Trails`), drawn when
    /// `showTrails` is set.
    public func render(_ snapshot: WorldSnapshot, trails: [[Vector]] = []) throws(PictureError) -> String {
        let view = options.view ?? SceneBounds.view(of: snapshot)
        guard SceneBounds.isUsable(view) else { throw .invalidOption("view must be a finite rectangle with positive size") }
        guard options.velocityScale.isFinite else { throw .invalidOption("velocity scale must be finite") }
        guard options.forceScale.isFinite else { throw .invalidOption("force scale must be finite") }
        let pixelWidth = options.pixelWidth ?? view.width
        guard pixelWidth.isFinite, pixelWidth > 0 else { throw .invalidOption("pixel width must be finite and positive") }
        let pixelHeight = pixelWidth * view.height / view.width
        // Line widths and label sizes follow the scene's size, so a 320-point scene and a 20-point one both read.
        let unit = max(view.width, view.height) / 400

        var svg = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        svg += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\""
        svg += " width=\"\(f(pixelWidth))\" height=\"\(f(pixelHeight))\""
        svg += " viewBox=\"\(f(view.lower.x)) \(f(view.lower.y)) \(f(view.width)) \(f(view.height))\">\n"
        svg += "<title>LuaDynamics t=\(NumberText.fixed(snapshot.time, digits: 3)) s</title>\n"
        if let background = options.background {
            svg += "<rect class=\"background\" x=\"\(f(view.lower.x))\" y=\"\(f(view.lower.y))\""
            svg += " width=\"\(f(view.width))\" height=\"\(f(view.height))\" fill=\"\(background.hexString)\"/>\n"
        }

        if options.showGrid { svg += gridElements(snapshot.units, view: view, unit: unit) }
        if options.showFields { svg += fieldElements(snapshot, view: view, unit: unit) }

        svg += "<g class=\"boundaries\" fill=\"none\" stroke=\"\(RGBColor.boundary.hexString)\""
        svg += " stroke-width=\"\(f(2 * unit))\" stroke-linecap=\"round\" stroke-linejoin=\"round\">\n"
        for boundary in snapshot.boundaries {
            let d = pathData(boundary.points, closed: boundary.isClosed)
            guard !d.isEmpty else { continue }
            let id = boundary.identifier.map { " data-id=\"\(Escaping.xml($0))\"" } ?? ""
            svg += "<path class=\"boundary\"\(id) d=\"\(d)\"/>\n"
        }
        svg += "</g>\n"

        if options.showTrails { svg += trailElements(snapshot.items, trails: trails, unit: unit) }

        svg += "<g class=\"joints\" stroke=\"\(RGBColor.joint.hexString)\" stroke-width=\"\(f(1.5 * unit))\">\n"
        for joint in snapshot.joints where joint.pointA.isFinite && joint.pointB.isFinite {
            svg += "<line class=\"joint\" data-kind=\"\(Escaping.xml(joint.kind))\" x1=\"\(f(joint.pointA.x))\""
            svg += " y1=\"\(f(joint.pointA.y))\" x2=\"\(f(joint.pointB.x))\" y2=\"\(f(joint.pointB.y))\"/>\n"
        }
        svg += "</g>\n"

        svg += "<g class=\"items\" stroke-width=\"\(f(unit))\">\n"
        for item in snapshot.items { svg += itemElements(item, unit: unit) }
        svg += "</g>\n"
        // Labels after every item, so no item is drawn over another's name.
        if options.showLabels { svg += labelElements(snapshot.items, view: view, unit: unit) }

        // Item groups: a dashed outline around each group's members.
        if !snapshot.groups.isEmpty {
            svg += "<g class=\"groups\" fill=\"none\" stroke=\"\(RGBColor.joint.hexString)\" stroke-width=\"\(f(unit))\""
            svg += " stroke-dasharray=\"\(f(4 * unit)) \(f(3 * unit))\">\n"
            for group in snapshot.groups {
                let d = pathData(group.outline, closed: true)
                guard !d.isEmpty else { continue }
                svg += "<path class=\"group\" data-name=\"\(Escaping.xml(group.name))\" d=\"\(d)\"/>\n"
            }
            svg += "</g>\n"
        }

        if options.showVelocities {
            let arrows = ItemArrows.velocities(snapshot, scale: options.velocityScale, shortest: 0.5 * unit)
            svg += arrowElements(arrows, kind: "velocity", color: ItemArrows.velocityColor, unit: unit)
        }
        if options.showForces {
            let arrows = ItemArrows.forces(snapshot, scale: options.forceScale, shortest: 0.5 * unit)
            svg += arrowElements(arrows, kind: "force", color: ItemArrows.forceColor, unit: unit)
        }
        if options.showContacts {
            // A ring with a white rim: visible on items of any colour and on the background.
            svg += "<g class=\"contacts\" fill=\"\(RGBColor.contact.hexString)\" stroke=\"#ffffff\" stroke-width=\"\(f(0.8 * unit))\">\n"
            for p in snapshot.contactPoints where p.isFinite {
                svg += "<circle class=\"contact\" cx=\"\(f(p.x))\" cy=\"\(f(p.y))\" r=\"\(f(3 * unit))\"/>\n"
            }
            svg += "</g>\n"
        }
        if options.showEnergy { svg += energyElements(EnergyBars(snapshot), view: view, unit: unit) }
        return svg + "</svg>\n"
    }

    /// Arrows of one kind, each a line from the item's centre and a two-stroke head (no markers: every arrow is
    /// plain shapes, in the arrow's colour).
    private func arrowElements(_ arrows: [ItemArrows.Arrow], kind: String, color: RGBColor, unit: Double) -> String {
        var out = "<g class=\"\(kind)-arrows\" stroke=\"\(color.hexString)\" stroke-width=\"\(f(unit))\" fill=\"none\""
        out += " stroke-linecap=\"round\" stroke-linejoin=\"round\">\n"
        for arrow in arrows {
            let (left, right) = ItemArrows.head(arrow, size: 4 * unit)
            out += "<line class=\"\(kind)\" x1=\"\(f(arrow.tail.x))\" y1=\"\(f(arrow.tail.y))\""
            out += " x2=\"\(f(arrow.tip.x))\" y2=\"\(f(arrow.tip.y))\"/>\n"
            out += "<path class=\"\(kind)-head\" d=\"M\(f(left.x)),\(f(left.y)) L\(f(arrow.tip.x)),\(f(arrow.tip.y))"
            out += " L\(f(right.x)),\(f(right.y))\"/>\n"
        }
        return out + "</g>\n"
    }

    /// Each item's trail in its colour, half transparent, under the items.
    private func trailElements(_ items: [ItemSnapshot], trails: [[Vector]], unit: Double) -> String {
        var out = "<g class=\"trails\" fill=\"none\" stroke-width=\"\(f(unit))\" stroke-opacity=\"0.5\""
        out += " stroke-linecap=\"round\" stroke-linejoin=\"round\">\n"
        for (item, path) in zip(items, trails) where path.count >= 2 {
            let d = pathData(path, closed: false)
            guard !d.isEmpty else { continue }
            out += "<path class=\"trail\" data-name=\"\(Escaping.xml(item.name))\" stroke=\"\(RGBColor.item(item.color).hexString)\" d=\"\(d)\"/>\n"
        }
        return out + "</g>\n"
    }

    /// The energy bars in the top-right corner on a white panel: one bar a row, its label to its right.
    private func energyElements(_ energy: EnergyBars, view: AABB, unit: Double) -> String {
        let size = 5 * unit, full = 60 * unit, row = 1.5 * size, labelWidth = 0.6 * size * 22
        let x = view.upper.x - full - labelWidth - 3 * unit, y = view.lower.y + 2 * unit
        var out = "<g class=\"energy\" font-size=\"\(f(size))\" font-family=\"sans-serif\" data-full=\"\(f(full))\">\n"
        out += "<rect class=\"energy-panel\" x=\"\(f(x - unit))\" y=\"\(f(y - unit))\" width=\"\(f(full + labelWidth + 2 * unit))\""
        out += " height=\"\(f(3 * row + unit))\" fill=\"#ffffff\" fill-opacity=\"0.8\"/>\n"
        for (k, bar) in energy.bars.enumerated() {
            let top = y + Double(k) * row
            out += "<rect class=\"energy-bar\" data-name=\"\(bar.name)\" data-value=\"\(NumberText.compact(bar.value, significant: 6))\""
            out += " x=\"\(f(x))\" y=\"\(f(top))\" width=\"\(f(bar.fraction * full))\" height=\"\(f(size))\" fill=\"\(bar.color.hexString)\"/>\n"
            let label = bar.value < 0 ? bar.label + " (below the zero)" : bar.label
            out += "<text x=\"\(f(x + full + unit))\" y=\"\(f(top + 0.85 * size))\" fill=\"#222222\">\(Escaping.xml(label))</text>\n"
        }
        return out + "</g>\n"
    }

    /// Renders and writes the document to `path`.
    public func write(_ snapshot: WorldSnapshot, trails: [[Vector]] = [], to path: String) throws(PictureError) {
        try TextFile.write(render(snapshot, trails: trails), to: path)
    }

    /// Each field as arrows under everything else, and its legend line in the top-left corner.
    private func fieldElements(_ snapshot: WorldSnapshot, view: AABB, unit: Double) -> String {
        var out = ""
        for (k, field) in FieldArrows.of(snapshot).enumerated() {
            let color = field.color.hexString
            out += "<g class=\"field\" data-kind=\"\(Escaping.xml(field.kind))\" stroke=\"\(color)\""
            out += " stroke-width=\"\(f(unit))\" stroke-linecap=\"round\">\n"
            for arrow in field.arrows {
                let (left, right) = FieldArrows.head(arrow)
                out += "<path class=\"field-arrow\" d=\"M\(f(arrow.tail.x)),\(f(arrow.tail.y)) L\(f(arrow.tip.x)),\(f(arrow.tip.y))"
                out += " M\(f(left.x)),\(f(left.y)) L\(f(arrow.tip.x)),\(f(arrow.tip.y)) L\(f(right.x)),\(f(right.y))\"/>\n"
            }
            let size = 5 * unit
            out += "<text class=\"field-legend\" x=\"\(f(view.lower.x + 2 * unit))\""
            out += " y=\"\(f(view.lower.y + Double(k + 1) * 1.4 * size))\" font-size=\"\(f(size))\""
            out += " font-family=\"sans-serif\" fill=\"\(color)\" stroke=\"none\">\(Escaping.xml(field.legend))</text>\n"
            out += "</g>\n"
        }
        return out
    }

    /// One item: its shape (a rect, possibly rounded, an ellipse or a polygon, turned about its centre) and its label.
    private func itemElements(_ item: ItemSnapshot, unit: Double) -> String {
        guard item.center.isFinite, item.angle.isFinite, item.alpha > 0 else { return "" }
        let color = RGBColor.item(item.color)
        let stroke = darker(color).hexString
        let name = Escaping.xml(item.name)
        let degrees = item.angle * 180 / Double.pi
        // SVG's rotate() is clockwise on screen for positive degrees, as the API's angle is.
        let turn = " transform=\"translate(\(f(item.center.x)) \(f(item.center.y))) rotate(\(f(degrees)))\""
        // A view's alpha (times its superviews') is its opacity; an opaque item writes none.
        let opacity = item.alpha < 1 ? " opacity=\"\(f(max(item.alpha, 0)))\"" : ""
        let common = "data-name=\"\(name)\" fill=\"\(color.hexString)\" stroke=\"\(stroke)\"\(opacity)\(turn)"
        var out = ""
        let hw = item.size.x / 2, hh = item.size.y / 2
        switch item.shape {
        case .rectangle where item.size.isFinite:
            out += "<rect class=\"item\" \(common) x=\"\(f(-hw))\" y=\"\(f(-hh))\" width=\"\(f(2 * hw))\" height=\"\(f(2 * hh))\"/>\n"
        case .ellipse where item.size.isFinite:
            out += "<ellipse class=\"item\" \(common) cx=\"0\" cy=\"0\" rx=\"\(f(hw))\" ry=\"\(f(hh))\"/>\n"
        case .capsule where item.size.isFinite:
            // A capsule is its rectangle with corners rounded by half the shorter side.
            let r = min(hw, hh)
            out += "<rect class=\"item\" \(common) x=\"\(f(-hw))\" y=\"\(f(-hh))\" width=\"\(f(2 * hw))\" height=\"\(f(2 * hh))\""
                + " rx=\"\(f(r))\" ry=\"\(f(r))\"/>\n"
        default:
            let points = ItemOutline.local(item).filter(\.isFinite).map { "\(f($0.x)),\(f($0.y))" }
            out += "<polygon class=\"item\" \(common) points=\"\(points.joined(separator: " "))\"/>\n"
        }
        return out
    }

    /// Each item's name beside the item, in dark ink on a white halo, at one size for the whole picture: it never
    /// covers its item and stays legible however small the item is. The first of right, left, below and above the
    /// item's extent where the name stays in the picture and covers no other item and no name placed before it is
    /// taken (a row of touching balls gets its names below); where every side is taken, the right (or the left, at
    /// the picture's right edge).
    private func labelElements(_ items: [ItemSnapshot], view: AABB, unit: Double) -> String {
        let size = 5 * unit
        var out = "<g class=\"labels\" font-size=\"\(f(size))\" font-family=\"sans-serif\" fill=\"#222222\""
        out += " stroke=\"#ffffff\" stroke-width=\"\(f(1.2 * unit))\" stroke-linejoin=\"round\" paint-order=\"stroke\">\n"
        let shown = items.filter { $0.alpha > 0 && $0.center.isFinite && $0.angle.isFinite }
        let extents = shown.map(Self.extent)
        var taken: [AABB] = []
        for (k, item) in shown.enumerated() where !item.name.isEmpty {
            let box = extents[k], gap = 1.5 * unit
            // About 0.6 of the font size a character in a sans-serif face.
            let width = 0.6 * size * Double(item.name.count), half = 0.5 * size
            let cy = item.center.y, cx = 0.5 * (box.lower.x + box.upper.x)
            let sides: [(anchor: String, x: Double, y: Double, rect: AABB)] = [
                ("start", box.upper.x + gap, cy, AABB(lower: Vector(box.upper.x + gap, cy - half), upper: Vector(box.upper.x + gap + width, cy + half))),
                ("end", box.lower.x - gap, cy, AABB(lower: Vector(box.lower.x - gap - width, cy - half), upper: Vector(box.lower.x - gap, cy + half))),
                ("middle", cx, box.upper.y + gap + half, AABB(lower: Vector(cx - width / 2, box.upper.y + gap), upper: Vector(cx + width / 2, box.upper.y + gap + size))),
                ("middle", cx, box.lower.y - gap - half, AABB(lower: Vector(cx - width / 2, box.lower.y - gap - size), upper: Vector(cx + width / 2, box.lower.y - gap))),
            ]
            let inView = { (r: AABB) in view.lower.x <= r.lower.x && r.upper.x <= view.upper.x && view.lower.y <= r.lower.y && r.upper.y <= view.upper.y }
            let free = { (r: AABB) in
                !extents.indices.contains { $0 != k && extents[$0].overlaps(r) } && !taken.contains { $0.overlaps(r) }
            }
            let side = sides.first { inView($0.rect) && free($0.rect) }
                ?? (sides[0].rect.upper.x > view.upper.x && sides[1].rect.lower.x >= view.lower.x ? sides[1] : sides[0])
            taken.append(side.rect)
            let anchor = side.anchor == "start" ? "" : " text-anchor=\"\(side.anchor)\""
            out += "<text class=\"label\" data-name=\"\(Escaping.xml(item.name))\" x=\"\(f(side.x))\"\(anchor)"
            out += " y=\"\(f(side.y))\" dominant-baseline=\"central\">\(Escaping.xml(item.name))</text>\n"
        }
        return out + "</g>\n"
    }

    /// The box around an item's outline as drawn (turned by its angle).
    private static func extent(_ item: ItemSnapshot) -> AABB {
        let q = Rotation(angle: item.angle)
        let points = ItemOutline.local(item).filter(\.isFinite).map { item.center + q.rotate($0) }
        guard let first = points.first else { return AABB(lower: item.center, upper: item.center) }
        return points.dropFirst().reduce(AABB(lower: first, upper: first)) { box, p in
            AABB(lower: Vector(min(box.lower.x, p.x), min(box.lower.y, p.y)), upper: Vector(max(box.upper.x, p.x), max(box.upper.y, p.y)))
        }
    }

    /// Grid lines at round distances in `units` (about eight across the view), each labelled with its value along
    /// the top and left edges, and the grid's step written in the bottom-left corner.
    private func gridElements(_ units: DisplayUnits, view: AABB, unit: Double) -> String {
        guard let grid = GridLines(units, view: view) else { return "" }
        let size = 5 * unit
        var out = "<g class=\"grid\" stroke=\"#c8d0d8\" stroke-width=\"\(f(0.5 * unit))\" font-size=\"\(f(size))\""
        out += " font-family=\"sans-serif\" fill=\"#6a7580\">\n"
        for line in grid.vertical {
            let px = line.at
            out += "<line class=\"grid-line\" x1=\"\(f(px))\" y1=\"\(f(view.lower.y))\" x2=\"\(f(px))\" y2=\"\(f(view.upper.y))\"/>\n"
            out += "<text stroke=\"none\" x=\"\(f(px + unit))\" y=\"\(f(view.lower.y + size + unit))\">\(line.label)</text>\n"
        }
        for line in grid.horizontal {
            let py = line.at
            out += "<line class=\"grid-line\" x1=\"\(f(view.lower.x))\" y1=\"\(f(py))\" x2=\"\(f(view.upper.x))\" y2=\"\(f(py))\"/>\n"
            out += "<text stroke=\"none\" x=\"\(f(view.lower.x + unit))\" y=\"\(f(py - unit))\">\(line.label)</text>\n"
        }
        out += "<text class=\"grid-scale\" stroke=\"none\" x=\"\(f(view.lower.x + unit))\" y=\"\(f(view.upper.y - unit))\">"
        out += "\(grid.caption)</text>\n"
        return out + "</g>\n"
    }

    private func pathData(_ points: [Vector], closed: Bool) -> String {
        let finite = points.filter(\.isFinite)
        guard let first = finite.first else { return "" }
        var d = "M\(f(first.x)),\(f(first.y))"
        for p in finite.dropFirst() { d += " L\(f(p.x)),\(f(p.y))" }
        if finite.count == 1 { d += " L\(f(first.x)),\(f(first.y))" }
        if closed { d += " Z" }
        return d
    }

    private func darker(_ c: RGBColor) -> RGBColor {
        RGBColor(red: UInt8(Int(c.red) * 3 / 5), green: UInt8(Int(c.green) * 3 / 5), blue: UInt8(Int(c.blue) * 3 / 5))
    }

    private func f(_ value: Double) -> String { NumberText.fixed(value, digits: 3) }
}
