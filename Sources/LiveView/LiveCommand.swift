import Dynamics
import Foundation

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
        guard text.utf8.count <= 4096,
              let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)),
              let fields = object as? [String: Any],
              let command = fields["cmd"] as? String else { return nil }
        func number(_ key: String) -> Double? {
            guard let n = fields[key] as? NSNumber, !(fields[key] is Bool) else { return nil }
            let x = n.doubleValue
            return x.isFinite ? x : nil
        }
        func integer(_ key: String) -> Int? {
            guard let x = number(key), x == x.rounded(), abs(x) < 1e9 else { return nil }
            return Int(x)
        }
        switch command {
        case "pause": return .pause
        case "play": return .play
        case "step": return .step
        case "reset": return .reset
        case "scene": return .sceneRequest
        case "release": return .release
        case "drag":
            guard let scene = integer("scene"), let item = integer("item"), let x = number("x"), let y = number("y"),
                  abs(x) < 1e9, abs(y) < 1e9 else { return nil }
            return .drag(scene: scene, item: item, target: Vector(x, y))
        case "gravity":
            guard let value = number("value"), value >= 0, value <= 1000 else { return nil }
            return .gravity(value)
        case "item":
            guard let scene = integer("scene"), let item = integer("item"),
                  let name = fields["property"] as? String, let property = ItemProperty(rawValue: name),
                  let value = number("value"), value >= 0, value <= 1e6 else { return nil }
            if property == .density && value <= 0 { return nil }
            return .itemProperty(scene: scene, item: item, property: property, value: value)
        default:
            return nil
        }
    }
}
