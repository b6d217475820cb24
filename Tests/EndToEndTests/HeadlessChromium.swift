import Foundation

/// Debian's Chromium, headless, driven through the DevTools protocol over its WebSocket: one page (tab) per
/// instance, real mouse events, JavaScript evaluated in the page, screenshots. The browser gets its own profile in
/// a temporary folder and is killed when the instance goes away.
final class HeadlessChromium {
    struct Failure: Error, CustomStringConvertible { var description: String }

    static let binary = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    private let process: Process
    private let profile: URL
    private let socket: TestWebSocket
    private var nextID = 0
    private var session: String?

    /// Starts Chromium with a window of `width` x `height` CSS pixels and opens `url` in a tab.
    init(url: String, width: Int = 800, height: Int = 600) throws {
        guard let binary = Self.binary else { throw Failure(description: "chromium is not installed (scripts/setup installs it)") }
        profile = try LuaDyn.temporaryDirectory()
        let log = profile.appendingPathComponent("chromium.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--mute-audio",
                             "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
                             "--disable-backgrounding-occluded-windows",
                             "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0",
                             "--user-data-dir=\(profile.path)", "--window-size=\(width),\(height)", "about:blank"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        var port: Int?, path: String?
        LuaDyn.waitUntil(seconds: 30) {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            guard let range = text.range(of: "DevTools listening on ws://127.0.0.1:") else { return false }
            let rest = text[range.upperBound...].prefix { !$0.isWhitespace }
            port = Int(rest.prefix { $0.isNumber })
            path = rest.firstIndex(of: "/").map { String(rest[$0...]) }
            return port != nil && path != nil
        }
        guard let port, let path else {
            process.terminate()
            throw Failure(description: "chromium did not open its DevTools socket")
        }
        socket = try TestWebSocket(port: port, path: path)
        let target = try call("Target.createTarget", ["url": url])
        guard let targetID = target["targetId"] as? String else { throw Failure(description: "no tab") }
        let attached = try call("Target.attachToTarget", ["targetId": targetID, "flatten": true])
        session = attached["sessionId"] as? String
        try setViewport(width: width, height: height)
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: profile)
    }

    /// One DevTools command on the page's session, waiting for its answer.
    @discardableResult
    func call(_ method: String, _ params: [String: Any] = [:], timeout: Double = 20) throws -> [String: Any] {
        nextID += 1
        var message: [String: Any] = ["id": nextID, "method": method, "params": params]
        if let session { message["sessionId"] = session }
        let data = try JSONSerialization.data(withJSONObject: message)
        try socket.send(String(decoding: data, as: UTF8.self))
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            guard let text = try socket.receive(timeout: deadline.timeIntervalSinceNow),
                  let reply = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else { continue }
            guard reply["id"] as? Int == nextID else { continue }
            if let error = reply["error"] { throw Failure(description: "\(method): \(error)") }
            return reply["result"] as? [String: Any] ?? [:]
        }
        throw Failure(description: "\(method): no answer")
    }

    /// The value of a JavaScript expression in the page (JSON-like values come back as Foundation values).
    @discardableResult
    func evaluate(_ expression: String) throws -> Any? {
        let result = try call("Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": true])
        if let exception = result["exceptionDetails"] { throw Failure(description: "\(expression): \(exception)") }
        return (result["result"] as? [String: Any])?["value"]
    }

    func number(_ expression: String) throws -> Double? { (try evaluate(expression) as? NSNumber)?.doubleValue }

    /// Polls `expression` until it is true (a guard against hanging, not a measurement).
    @discardableResult
    func waitUntil(_ expression: String, seconds: Double = 20) -> Bool {
        LuaDyn.waitUntil(seconds: seconds) { ((try? evaluate(expression)) as? Bool) == true }
    }

    func setViewport(width: Int, height: Int) throws {
        try call("Emulation.setDeviceMetricsOverride",
                 ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false])
    }

    /// A real mouse event at CSS pixel (x, y): "mousePressed", "mouseMoved" or "mouseReleased".
    func mouse(_ type: String, x: Double, y: Double) throws {
        try call("Input.dispatchMouseEvent", ["type": type, "x": x, "y": y, "button": "left", "clickCount": 1,
                                              "buttons": type == "mouseReleased" ? 0 : 1])
    }

    /// Clicks the middle of the element with this id, as a person would.
    func click(id: String) throws {
        guard let box = try evaluate("(() => { const r = document.getElementById('\(id)').getBoundingClientRect(); "
                                     + "return [r.left + r.width / 2, r.top + r.height / 2]; })()") as? [NSNumber] else {
            throw Failure(description: "no element \(id)")
        }
        try mouse("mousePressed", x: box[0].doubleValue, y: box[1].doubleValue)
        try mouse("mouseReleased", x: box[0].doubleValue, y: box[1].doubleValue)
    }

    /// The page as a PNG.
    func screenshot() throws -> Data {
        let shot = try call("Page.captureScreenshot", ["format": "png"])
        guard let text = shot["data"] as? String, let data = Data(base64Encoded: text) else {
            throw Failure(description: "no screenshot")
        }
        return data
    }
}
