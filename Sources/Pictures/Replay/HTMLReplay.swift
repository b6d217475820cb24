import Dynamics

/// Writes a recording as ONE self-contained HTML page: the data and the player inline, a canvas, and controls
/// for play/pause, time, speed and the overlays (trails, energy bars, a grid, and velocity and force arrows when
/// the page was asked to carry them). It loads nothing from anywhere, so it opens offline and can be mailed.
public struct HTMLReplay: Sendable {
    /// How the page looks and starts.
    public struct Options: Sendable {
        /// The page title.
        public var title: String = "LuaDynamics replay"
        /// Canvas width in pixels (the height keeps the world's aspect ratio). On the page the picture is scaled to
        /// fit the window, width and height, with the controls below it always in view.
        public var canvasWidth: Int = 640
        /// Whether trails start switched on (the page has a checkbox either way).
        public var trails: Bool = false
        /// The speed selected at first (one of 0.25, 0.5, 1, 2, 4; others are added to the list).
        public var speed: Double = 1
        /// Start playing as soon as the page opens.
        public var autoplay: Bool = true
        /// Write item names on the items.
        public var labels: Bool = true
        /// Carry each item's velocity in every frame and show it as an arrow (a checkbox hides it); left out
        /// otherwise, so the page stays small.
        public var velocities: Bool = false
        /// Carry the net force on each item in every frame and show it as an arrow (a checkbox hides it).
        public var forces: Bool = false
        /// Whether the energy bars start switched on (the page has a checkbox either way).
        public var energy: Bool = false
        /// Whether the grid starts switched on (the page has a checkbox either way).
        public var grid: Bool = false

        /// Options with every default.
        public init() {}
    }

    /// The options this writer uses.
    public var options: Options

    /// A writer with `options`.
    public init(options: Options = Options()) { self.options = options }

    /// The page for `recording`.
    public func html(_ recording: Recording) throws(PictureError) -> String {
        guard (16...8192).contains(options.canvasWidth) else {
            throw .invalidOption("canvas width must be 16...8192 pixels, got \(options.canvasWidth)")
        }
        guard options.speed.isFinite, options.speed > 0 else { throw .invalidOption("speed must be finite and positive") }
        let view = recording.view
        let height = max(16, min(8192, Int((Double(options.canvasWidth) * view.height / view.width).rounded())))
        var speeds = [0.25, 0.5, 1, 2, 4]
        if !speeds.contains(options.speed) { speeds.append(options.speed); speeds.sort() }
        let speedOptions = speeds.map { s -> String in
            let text = NumberText.compact(s)
            return "<option value=\"\(text)\"\(s == options.speed ? " selected" : "")>\(text)x</option>"
        }.joined()

        var page = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        page += "<title>\(Escaping.xml(options.title))</title>\n"
        // The page is a column as tall as the window: the canvas takes what the controls leave and shows the whole
        // world in it, scaled down to fit and never up (object-fit: scale-down keeps the aspect ratio), so a tall
        // world or a narrow phone never pushes the controls out of sight; the controls wrap when the window is narrow.
        page += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        page += "<style>html,body{height:100%;margin:0}body{font:14px sans-serif;background:#f4f4f4;display:flex;"
        page += "flex-direction:column;box-sizing:border-box;padding:8px;gap:8px}canvas{flex:1 1 auto;min-height:0;"
        page += "width:100%;object-fit:scale-down;object-position:left top}"
        page += "#controls{flex:none;display:flex;flex-wrap:wrap;gap:8px 10px;align-items:center;"
        page += "max-width:\(max(options.canvasWidth, 320))px}#time{flex:1 1 120px;min-width:100px}</style>\n</head>\n<body>\n"
        page += "<canvas id=\"scene\" width=\"\(options.canvasWidth)\" height=\"\(height)\"></canvas>\n"
        page += "<div id=\"controls\">"
        page += "<button id=\"play\" type=\"button\">Play</button>"
        page += "<input id=\"time\" type=\"range\" min=\"0\" max=\"\(max(0, recording.frames.count - 1))\" step=\"1\" value=\"0\">"
        page += "<span id=\"clock\">0.00 s</span>"
        page += "<label>speed <select id=\"speed\">\(speedOptions)</select></label>"
        page += "<label><input id=\"trails\" type=\"checkbox\"\(options.trails ? " checked" : "")> trails</label>"
        if options.velocities { page += "<label><input id=\"velocities\" type=\"checkbox\" checked> velocity</label>" }
        if options.forces { page += "<label><input id=\"forces\" type=\"checkbox\" checked> force</label>" }
        page += "<label><input id=\"energy\" type=\"checkbox\"\(options.energy ? " checked" : "")> energy</label>"
        page += "<label><input id=\"grid\" type=\"checkbox\"\(options.grid ? " checked" : "")> grid</label></div>\n"
        page += "<script>\nvar REPLAY = " + data(recording, view: view) + ";\n</script>\n"
        page += "<script>\n" + ReplayScript.source + "</script>\n</body>\n</html>\n"
        return page
    }

    /// Writes the page for `recording` to `path`.
    public func write(_ recording: Recording, to path: String) throws(PictureError) {
        try TextFile.write(html(recording), to: path)
    }

    /// The recording as a JSON object literal. Coordinates keep 1/1000 point, angles 1e-5 radian: finer than
    /// any screen shows, and it keeps the page small.
    func data(_ recording: Recording, view: AABB) -> String {
        let unit = max(view.width, view.height) / 400
        var json = "{\"view\":[\(p(view.lower.x)),\(p(view.lower.y)),\(p(view.width)),\(p(view.height))]"
        json += ",\"background\":\"#ffffff\",\"boundaryColor\":\"\(RGBColor.boundary.hexString)\""
        json += ",\"jointColor\":\"\(RGBColor.joint.hexString)\",\"labels\":\(options.labels),\"autoplay\":\(options.autoplay)"
        json += ",\"arrows\":{\"velocityScale\":\(p(ItemArrows.velocityScale)),\"forceScale\":\(p(ItemArrows.forceScale))"
        json += ",\"velocityColor\":\"\(ItemArrows.velocityColor.hexString)\",\"forceColor\":\"\(ItemArrows.forceColor.hexString)\"}"
        // Energies in display units; a full bar stands for the largest size over the whole recording.
        let units = recording.units
        let full = recording.frames.reduce(0.0) { max($0, EnergyBars.fullScale(kinetic: $1.kineticEnergy, potential: $1.potentialEnergy)) }
        json += ",\"energy\":{\"unit\":\(Escaping.jsonString(units.energyUnit)),\"full\":\(e(units.energy(full)))"
        json += ",\"colors\":[" + EnergyBars.colors.map { "\"\($0.hexString)\"" }.joined(separator: ",") + "]}"
        if let grid = GridLines(units, view: view) {
            json += ",\"grid\":{\"x\":[" + grid.vertical.map { p($0.at) }.joined(separator: ",") + "]"
            json += ",\"xl\":[" + grid.vertical.map { Escaping.jsonString($0.label) }.joined(separator: ",") + "]"
            json += ",\"y\":[" + grid.horizontal.map { p($0.at) }.joined(separator: ",") + "]"
            json += ",\"yl\":[" + grid.horizontal.map { Escaping.jsonString($0.label) }.joined(separator: ",") + "]"
            json += ",\"caption\":\(Escaping.jsonString(grid.caption))}"
        }
        json += ",\"tracks\":["
        json += recording.tracks.map { track -> String in
            let c = track.color
            let stroke = RGBColor(red: UInt8(Int(c.red) * 3 / 5), green: UInt8(Int(c.green) * 3 / 5), blue: UInt8(Int(c.blue) * 3 / 5))
            let fontSize = max(unit * 4, min(abs(track.size.x), abs(track.size.y), unit * 40) * 0.3)
            let outline = track.outline.filter(\.isFinite).map { "\(p($0.x)),\(p($0.y))" }.joined(separator: ",")
            return "{\"name\":\(Escaping.jsonString(track.name)),\"color\":\"\(c.hexString)\",\"stroke\":\"\(stroke.hexString)\""
                + ",\"ink\":\"\(c.brightness > 0.55 ? "#000000" : "#ffffff")\",\"fontSize\":\(p(fontSize))"
                + ",\"shape\":\"\(track.shape.rawValue)\",\"outline\":[\(outline)]}"
        }.joined(separator: ",")
        json += "],\"boundarySets\":["
        json += recording.boundarySets.map { set -> String in
            "[" + set.map { b -> String in
                let points = b.points.filter(\.isFinite).map { "\(p($0.x)),\(p($0.y))" }.joined(separator: ",")
                return "{\"points\":[\(points)],\"closed\":\(b.isClosed)}"
            }.joined(separator: ",") + "]"
        }.joined(separator: ",")
        json += "],\"frames\":[\n"
        json += recording.frames.map { frame -> String in
            let poses = frame.poses.map { "\($0.track),\(p($0.center.x)),\(p($0.center.y)),\(NumberText.fixed($0.angle, digits: 5))" }
            let joints = frame.joints.filter { $0.pointA.isFinite && $0.pointB.isFinite }
                .map { "\(p($0.pointA.x)),\(p($0.pointA.y)),\(p($0.pointB.x)),\(p($0.pointB.y))" }
            // Opacities only where some view is see-through, so opaque scenes stay as small as before.
            let alphas = frame.poses.contains { $0.alpha < 1 }
                ? ",\"a\":[" + frame.poses.map { NumberText.fixed($0.alpha, digits: 3) }.joined(separator: ",") + "]" : ""
            // Velocities and forces only when asked for; anchored items' forces as 0 (they get no arrow).
            let velocities = options.velocities
                ? ",\"v\":[" + frame.poses.map { "\(p($0.velocity.x)),\(p($0.velocity.y))" }.joined(separator: ",") + "]" : ""
            let forces = options.forces
                ? ",\"f\":[" + frame.poses.map { $0.isAnchored ? "0,0" : "\(p($0.force.x)),\(p($0.force.y))" }.joined(separator: ",") + "]" : ""
            let energy = ",\"e\":[\(e(units.energy(frame.kineticEnergy))),"
                + "\(e(units.energy(frame.potentialEnergy)))]"
            return "{\"t\":\(NumberText.fixed(frame.time, digits: 6)),\"b\":\(frame.boundarySet)"
                + ",\"p\":[\(poses.joined(separator: ","))],\"j\":[\(joints.joined(separator: ","))]\(alphas)\(velocities)\(forces)\(energy)}"
        }.joined(separator: ",\n")
        return json + "]}"
    }

    private func p(_ v: Double) -> String { NumberText.fixed(v, digits: 3) }
    /// An energy with six significant digits; JSON has no NaN or infinity, so those are written as 0.
    private func e(_ v: Double) -> String { v.isFinite ? NumberText.compact(v, significant: 6) : "0" }
}
