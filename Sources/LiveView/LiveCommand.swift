import Dynamics

/// What a page may ask of the world. Items are named by their place in the scene the page was sent (`scene` is
/// that scene's number), so a command meant for an older scene is dropped rather than applied to another item.
enum LiveCommand: Equatable {
    case pause
    case play
    /// One frame, when paused.
    case step
    /// Items back where they were when serving began; gravity too.
    case reset
    /// The page lost the scene (a slow page drops old messages): send it again.
    case sceneRequest
    /// Pull the item toward `target` with the drag spring, from now until `release`.
    case drag(scene: Int, item: Int, target: Vector)
    case release
    /// The magnitude of every gravity behaviour.
    case gravity(Double)
    /// One material property of one item.
    case itemProperty(scene: Int, item: Int, property: ItemProperty, value: Double)

    /// The properties the page's sliders change.
    enum ItemProperty: String { case elasticity, friction, density }

    /// The command in a page's JSON text, or nil for anything malformed: not JSON, an unknown command, a missing or
    /// non-finite number. Malformed messages are dropped; they never reach the world.
    static func parse(_ text: String) -> LiveCommand? {
        guard text.utf8.count <= 4096, let m = Message(text) else { return nil }
        func finite(_ x: Double?, within limit: Double = 1e9) -> Double? { x.flatMap { $0.isFinite && abs($0) < limit ? $0 : nil } }
        switch m.cmd {
        case "pause": return .pause
        case "play": return .play
        case "step": return .step
        case "reset": return .reset
        case "scene": return .sceneRequest
        case "release": return .release
        case "drag":
            guard let scene = m.scene, let item = m.item, let x = finite(m.x), let y = finite(m.y) else { return nil }
            return .drag(scene: scene, item: item, target: Vector(x, y))
        case "gravity":
            guard let value = finite(m.value), value >= 0, value <= 1000 else { return nil }
            return .gravity(value)
        case "item":
            guard let scene = m.scene, let item = m.item, let name = m.property, let property = ItemProperty(rawValue: name),
                  let value = finite(m.value, within: 1e6), value >= 0 else { return nil }
            if property == .density && value <= 0 { return nil }
            return .itemProperty(scene: scene, item: item, property: property, value: value)
        default:
            return nil
        }
    }

    /// Every field any command has; each command reads its own.
    private struct Message {
        var cmd: String
        var scene: Int?
        var item: Int?
        var x: Double?
        var y: Double?
        var value: Double?
        var property: String?

        /// The fields of a JSON object, or nil when the text is not one or a known field has the wrong type
        /// (`true` is not a number, 1.5 is not an item index), whichever command it is for. Missing and `null`
        /// fields are absent; unknown fields are ignored, so a newer page still drives an older world.
        init?(_ text: String) {
            guard case .object(let fields)? = try? LiveJSONValue.parse(text),
                  case .string(let cmd)? = fields["cmd"] else { return nil }
            self.cmd = cmd
            func field<T>(_ key: String, _ read: (LiveJSONValue) -> T?) -> T?? {
                guard let value = fields[key], value != .null else { return .some(nil) }
                return read(value).map { .some($0) }
            }
            func number(_ v: LiveJSONValue) -> Double? { if case .number(let x) = v { x } else { nil } }
            func string(_ v: LiveJSONValue) -> String? { if case .string(let s) = v { s } else { nil } }
            guard let scene = field("scene", \.integer), let item = field("item", \.integer),
                  let x = field("x", number), let y = field("y", number), let value = field("value", number),
                  let property = field("property", string) else { return nil }
            (self.scene, self.item, self.x, self.y, self.value, self.property) = (scene, item, x, y, value, property)
        }
    }
}
