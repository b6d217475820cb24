import Dynamics

/// Writes a recording as ONE self-contained HTML page: the data and the player inline, a canvas, and controls
/// for play/pause, time, speed and trails. It loads nothing from anywhere, so it opens offline and can be mailed.
public struct HTMLReplay: Sendable {
    /// How the page looks and starts.
    public struct Options: Sendable {
        /// The page title.
        public var title: String = "LuaDynamics replay"
        /// Canvas width in CSS pixels (the height keeps the world's aspect ratio).
        public var canvasWidth: Int = 640
        /// Whether trails start switched on (the page has a checkbox either way).
        public var trails: Bool = false
        /// The speed selected at first (one of 0.25, 0.5, 1, 2, 4; others are added to the list).
        public var speed: Double = 1
        /// Start playing as soon as the page opens.
        public var autoplay: Bool = true
        /// Write item names on the items.
        public var labels: Bool = true

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
        // The canvas keeps its drawing size but is shown no larger than the window (less the controls), its aspect
        // kept, so a tall world or a small window still shows every control.
        page += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        page += "<style>body{font:14px sans-serif;margin:12px;background:#f4f4f4}canvas{background:#fff;"
        page += "border:1px solid #ccc;display:block;width:auto;height:auto;max-width:100%;"
        page += "max-height:calc(100vh - 80px)}#controls{margin-top:8px;display:flex;flex-wrap:wrap;gap:6px 10px;"
        page += "align-items:center;max-width:100%}#time{flex:1 1 120px;min-width:90px}</style>\n</head>\n<body>\n"
        page += "<canvas id=\"scene\" width=\"\(options.canvasWidth)\" height=\"\(height)\"></canvas>\n"
        page += "<div id=\"controls\" style=\"width:\(options.canvasWidth)px\">"
        page += "<button id=\"play\" type=\"button\">Play</button>"
        page += "<input id=\"time\" type=\"range\" min=\"0\" max=\"\(max(0, recording.frames.count - 1))\" step=\"1\" value=\"0\">"
        page += "<span id=\"clock\">0.00 s</span>"
        page += "<label>speed <select id=\"speed\">\(speedOptions)</select></label>"
        page += "<label><input id=\"trails\" type=\"checkbox\"\(options.trails ? " checked" : "")> trails</label></div>\n"
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
            return "{\"t\":\(NumberText.fixed(frame.time, digits: 6)),\"b\":\(frame.boundarySet)"
                + ",\"p\":[\(poses.joined(separator: ","))],\"j\":[\(joints.joined(separator: ","))]}"
        }.joined(separator: ",\n")
        return json + "]}"
    }

    private func p(_ v: Double) -> String { NumberText.fixed(v, digits: 3) }
}
