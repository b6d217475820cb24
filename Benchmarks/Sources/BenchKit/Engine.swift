// The seam between the harness and the engines: the harness knows scenes and clocks, an engine knows how to turn
// a SceneSpec into its own world. One protocol call per frame, so the seam costs nothing measurable.

/// Why an engine could not build or run a scene; the message is printed in the table's place.
public struct EngineError: Error, Sendable, CustomStringConvertible {
    public var message: String
    /// Makes an error with a message for the reader of the table.
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// One engine's live world built from a SceneSpec.
public protocol SimulationWorld: AnyObject {
    /// Advances one frame of `dt` seconds (the harness always passes 1/60).
    func step(_ dt: Double) throws
    /// Position, in metres and the scene's axes, of the scene's body number `index`.
    func position(of index: Int) -> Vec2
    /// How many bodies the engine holds for the scene (fixed ones included), to check it built them all.
    var bodyCount: Int { get }
    /// Contacts begun so far, as counted by the engine's callback when the scene asks for it (else 0).
    var contactBegins: Int { get }
    /// Anything the reader of the table must know about this run (a setting the engine could not honour).
    var note: String? { get }
}

extension SimulationWorld {
    /// No note by default.
    public var note: String? { nil }
}

/// An engine as the harness sees it: a name, its settings in words, and a way to build a scene.
public struct Engine: Sendable {
    /// The column heading ("ours", "Box2D", "Chipmunk").
    public var name: String
    /// The effort it runs at, e.g. "4 sub-steps" or "8 velocity + 3 position iterations".
    public var settings: String
    /// Builds a world for a scene, or throws when the engine cannot run it.
    public var make: @Sendable (SceneSpec) throws -> any SimulationWorld

    /// Makes an engine description.
    public init(name: String, settings: String, make: @escaping @Sendable (SceneSpec) throws -> any SimulationWorld) {
        self.name = name; self.settings = settings; self.make = make
    }
}
