import Dynamics
import LuaKit
import Pictures

/// Reading the option tables of the picture methods (`draw`, `snapshot`, `exportHTML`, `play`, `plot`) into
/// Pictures' option structs, with the same `bad argument` errors as every other binding.
enum PictureOptions {
    /// The keys `draw`, `drawing` and `play` accept.
    static let drawKeys = ["width", "height", "glyphs", "color", "filled", "joints", "contacts", "labels", "view", "fields"]
        + overlayKeys

    /// The overlays every picture form takes under the same names (the HTML replay takes no scales).
    static let overlayKeys = ["velocities", "velocityScale", "forces", "forceScale", "trails", "energy", "grid"]

    /// The option table at argument `arg`, nil when it is absent; anything else but a table is an error.
    static func table(_ s: LuaStack, _ arg: Int32, typeName: String, keys: [String]) throws(LuaError) -> OptionTable? {
        if s.isNil(at: arg) { return nil }
        guard s.type(at: arg) == .table else { throw LuaError.argument(arg, "table expected, got \(s.typeName(at: arg))") }
        let o = OptionTable(s, at: arg, arg: arg, typeName: typeName)
        try o.checkKeys(keys, allowsArray: false)
        return o
    }

    /// A whole number in `range` from field `key`.
    static func integer(_ o: OptionTable, _ key: String, in range: ClosedRange<Int>) throws(LuaError) -> Int? {
        try o.value(key) { s, i, site throws(LuaError) in
            guard let n = s.integer(at: i) else {
                throw site.error("integer expected, got \(s.type(at: i) == .number ? "a fraction" : s.typeName(at: i))")
            }
            guard n >= Int64(range.lowerBound), n <= Int64(range.upperBound) else {
                throw site.error("must be \(range.lowerBound) to \(range.upperBound), got \(n)")
            }
            return Int(n)
        }
    }

    /// A positive finite number from field `key`.
    static func positive(_ o: OptionTable, _ key: String) throws(LuaError) -> Double? {
        try o.value(key) { s, i, site throws(LuaError) in try s.checkPositive(i, site) }
    }

    /// The overlays the terminal drawing and the SVG read alike, in this order (so the first bad one is the one named).
    static func readArrowsTrailsAndEnergy<Options: PictureOverlayOptions>(_ o: OptionTable,
                                                                         into options: inout Options) throws(LuaError) {
        if let velocities = try o.boolean("velocities") { options.showVelocities = velocities }
        if let scale = try positive(o, "velocityScale") { options.velocityScale = scale }
        if let forces = try o.boolean("forces") { options.showForces = forces }
        if let scale = try positive(o, "forceScale") { options.forceScale = scale }
        if let trails = try o.boolean("trails") { options.showTrails = trails }
        if let energy = try o.boolean("energy") { options.showEnergy = energy }
    }

    /// The terminal drawing options: defaults (80 cells or the terminal's width if narrower, no taller than the
    /// terminal less a line for the prompt, braille, filled unless arrows are asked for (an arrow lights dots a filled
    /// item has lit already, so items are outlined then), joints and labels shown, colour when standard
    /// output is a colour terminal) then the table's fields.
    static func canvas(_ o: OptionTable?, forTerminal: Bool = TerminalOutput.isTerminal) throws(LuaError) -> TerminalCanvas.Options {
        var options = TerminalCanvas.Options()
        let size = TerminalOutput.size
        options.width = min(80, max(20, (size?.columns ?? 81) - 1))
        // On a terminal the drawing fits its height too, leaving a line for the prompt after it.
        if let rows = size?.rows { options.maxHeight = max(4, rows - 2) }
        options.showLabels = true
        options.colorMode = forTerminal ? TerminalOutput.colorMode : .none
        guard let o else { return options }
        if let width = try integer(o, "width", in: 1...2000) { options.width = width }
        if let height = try integer(o, "height", in: 1...2000) { options.maxHeight = height }
        if let glyphs = try o.value("glyphs", { s, i, site throws(LuaError) in try s.checkChoice(i, site, ["braille", "blocks", "ascii"]) }) {
            options.glyphs = glyphs == "blocks" ? .blocks : glyphs == "ascii" ? .ascii : .braille
        }
        if let color = try o.boolean("color") { options.colorMode = color ? (forTerminal ? TerminalOutput.colorMode : .palette256) : .none }
        let filled = try o.boolean("filled")
        if let joints = try o.boolean("joints") { options.showJoints = joints }
        if let contacts = try o.boolean("contacts") { options.showContacts = contacts }
        if let labels = try o.boolean("labels") { options.showLabels = labels }
        if let fields = try o.boolean("fields") { options.showFields = fields }
        if let view = try o.rect("view") { options.view = view.box }
        try readArrowsTrailsAndEnergy(o, into: &options)
        if let grid = try o.boolean("grid") { options.showGrid = grid }
        options.filled = filled ?? !(options.showVelocities || options.showForces)
        return options
    }

    /// The options with a view chosen when none was given: the reference bounds widened by 1% of their larger side,
    /// so the boundary's right and bottom edges (which lie exactly on the bounds) are drawn too.
    static func framed(_ options: TerminalCanvas.Options, for snapshot: WorldSnapshot) -> TerminalCanvas.Options {
        guard options.view == nil, let bounds = snapshot.referenceBounds else { return options }
        var framed = options
        framed.view = bounds.expanded(by: 0.01 * max(bounds.width, bounds.height))
        return framed
    }

    /// The SVG options: Pictures' defaults (labels, white background) then the table's fields.
    static func svg(_ o: OptionTable?) throws(LuaError) -> SVGRenderer.Options {
        var options = SVGRenderer.Options()
        guard let o else { return options }
        try readArrowsTrailsAndEnergy(o, into: &options)
        if let contacts = try o.boolean("contacts") { options.showContacts = contacts }
        if let labels = try o.boolean("labels") { options.showLabels = labels }
        if let fields = try o.boolean("fields") { options.showFields = fields }
        if let grid = try o.boolean("grid") { options.showGrid = grid }
        if let width = try positive(o, "width") { options.pixelWidth = width }
        if let view = try o.rect("view") { options.view = view.box }
        if o.has("background") {
            options.background = try o.value("background") { s, i, site throws(LuaError) -> RGBColor? in
                if s.type(at: i) == .boolean {
                    guard !s.boolean(at: i) else { return RGBColor(hex: 0xffffff) }
                    return nil
                }
                return try color(s, i, site)
            } ?? nil
        }
        return options
    }

    /// The keys `snapshot` accepts.
    static let svgKeys = ["contacts", "labels", "width", "view", "background", "fields"] + overlayKeys

    /// The HTML replay options.
    static func html(_ o: OptionTable?) throws(LuaError) -> HTMLReplay.Options {
        var options = HTMLReplay.Options()
        guard let o else { return options }
        if let trails = try o.boolean("trails") { options.trails = trails }
        if let speed = try positive(o, "speed") { options.speed = speed }
        if let width = try integer(o, "width", in: 16...8192) { options.canvasWidth = width }
        if let title = try o.string("title") { options.title = title }
        if let autoplay = try o.boolean("autoplay") { options.autoplay = autoplay }
        if let labels = try o.boolean("labels") { options.labels = labels }
        if let velocities = try o.boolean("velocities") { options.velocities = velocities }
        if let forces = try o.boolean("forces") { options.forces = forces }
        if let energy = try o.boolean("energy") { options.energy = energy }
        if let grid = try o.boolean("grid") { options.grid = grid }
        return options
    }

    /// The keys `exportHTML` accepts.
    static let htmlKeys = ["trails", "speed", "width", "title", "autoplay", "labels", "velocities", "forces", "energy", "grid"]

    /// The trails for a picture of `animator` showing `snapshot`, when `asked`; a picture without trails stops the
    /// animator keeping them, so nothing is kept per frame unless pictures want it.
    static func trails(_ s: LuaStack, _ animator: Animator, asked: Bool, now snapshot: WorldSnapshot) -> [[Vector]] {
        guard let sessions = PictureSessions.of(s) else { return [] }
        guard asked else { sessions.stopTrails(animator); return [] }
        return sessions.trails(animator, now: snapshot)
    }

    /// A CSS colour name or `#rrggbb`.
    static func color(_ s: LuaStack, _ i: Int32, _ site: Site) throws(LuaError) -> RGBColor {
        guard let text = s.string(at: i) else { throw site.error("colour expected, got \(s.typeName(at: i))") }
        guard let color = RGBColor(css: text) else { throw site.error("'\(text)' is not a CSS colour name or #rrggbb") }
        return color
    }

    /// A picture's failure as a Lua error: bad options are the argument's fault, a file that cannot be written is not.
    static func error(_ error: PictureError, arg: Int32) -> LuaError {
        switch error {
        case .invalidOption(let message): return LuaError.argument(arg, message)
        case .cannotWrite: return LuaError(error.description)
        }
    }
}

/// The overlay settings the terminal drawing's and the SVG's options share, so one reader fills both.
protocol PictureOverlayOptions {
    var showVelocities: Bool { get set }
    var velocityScale: Double { get set }
    var showForces: Bool { get set }
    var forceScale: Double { get set }
    var showTrails: Bool { get set }
    var showEnergy: Bool { get set }
}

extension TerminalCanvas.Options: PictureOverlayOptions {}
extension SVGRenderer.Options: PictureOverlayOptions {}
