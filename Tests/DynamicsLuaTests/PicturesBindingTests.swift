import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import Dynamics
import LuaKit
import DynamicsLua
import Pictures

/// The Lua folder beside this file.
private let luaFolder: String = {
    let file = #filePath
    guard let slash = file.lastIndex(of: "/") else { return "lua" }
    return String(file[..<slash]) + "/lua"
}()

/// The Lua test files of the picture bindings: drawing, SVG, replay, trace, energy, plot and play.
@Test(arguments: ["pictures", "trace", "energy", "plot", "play", "units", "overlays"])
func picturesLuaFile(_ name: String) throws {
    let errors = ErrorLog()
    let lua = try makeDynamicsState(collecting: errors)
    guard let source = readText("\(luaFolder)/\(name).lua") else {
        Issue.record("missing lua/\(name).lua")
        return
    }
    do {
        try lua.run(source, name: "@\(name).lua")
    } catch {
        Issue.record("\(name).lua: \(error.message)")
    }
    // play.lua makes one action fail on purpose; nothing else may.
    let expected = name == "play" ? 1 : 0
    #expect(errors.messages.count == expected, "\(errors.messages)")
}

/// Runs `chunk` and returns the Animator it leaves in the global `a`.
private func animator(after chunk: String, in lua: LuaState) throws -> Animator? {
    try lua.run(chunk, name: "=scene")
    let s = lua.stack
    s.getGlobal("a")
    defer { s.pop() }
    return s.object(at: -1, as: Animator.self)
}

private let fixedScene = """
    a = Animator{ width = 320, height = 240 }
    local red = View{ center = {80, 60}, size = {60, 40}, angle = 0.3, name = "red", color = "red" }
    local ball = View{ center = {220, 150}, size = {50, 50}, shape = "ellipse", name = "ball", color = "#2e8b57" }
    a:addBehavior(Collision{ red, ball, translatesReferenceBoundsIntoBoundary = true })
    a:addBehavior(Attachment(ball, { anchor = {220, 40} }))
    """

/// The binding's drawing of a fixed scene is exactly Pictures' drawing of the animator's snapshot with the same options.
@Test func drawingEqualsPicturesOwnDrawing() throws {
    let lua = LuaState()
    openDynamics(lua)
    let a = try #require(try animator(after: fixedScene, in: lua))
    try lua.run("text = a:drawing{ width = 64, labels = false, contacts = true }", name: "=draw")
    lua.stack.getGlobal("text")
    let text = try #require(lua.stack.string(at: -1))
    lua.stack.pop()

    var options = TerminalCanvas.Options()
    options.width = 64
    options.showLabels = false
    options.showContacts = true
    options.colorMode = .none
    // With no view given, the binding frames the reference bounds (320 x 240) with a 1% margin of the larger side.
    options.view = AABB(lower: Vector(-3.2, -3.2), upper: Vector(323.2, 243.2))
    let expected = try TerminalCanvas(options: options).draw(a.snapshot())
    #expect(text == expected)
    #expect(!text.isEmpty)
}

/// Collects the element names and `class` attributes of an XML document.
private final class SVGCounter: NSObject, XMLParserDelegate {
    var classes: [String] = []
    var elements: [String] = []
    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        elements.append(elementName)
        if let c = attributeDict["class"] { classes.append(c) }
    }
}

/// `animator:snapshot(path)` writes well-formed XML with one item shape per item.
@Test func snapshotIsWellFormedSVGWithOneShapePerItem() throws {
    let lua = LuaState()
    openDynamics(lua)
    _ = try animator(after: fixedScene, in: lua)
    let path = NSTemporaryDirectory() + "luadyn-snapshot-\(UUID().uuidString).svg"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try lua.run("a:snapshot(\"\(path)\", { velocities = true, contacts = true })", name: "=snapshot")

    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let parser = XMLParser(data: data)
    let counter = SVGCounter()
    parser.delegate = counter
    #expect(parser.parse(), "the SVG parses as XML")
    #expect(counter.elements.first == "svg")
    #expect(counter.classes.filter { $0 == "item" }.count == 2)
    #expect(counter.classes.filter { $0 == "joint" }.count == 1)
    #expect(counter.classes.filter { $0 == "boundary" }.count >= 1)
}

/// The dot-commands draw the current animator, play it (off a terminal: the last frame) and plot its energy.
@Test func pictureDotCommands() throws {
    let lua = LuaState()
    openDynamics(lua)
    _ = try animator(after: fixedScene + "\nanimator = a\na:addBehavior(Gravity(a.items[1]))", in: lua)
    let commands = DynamicsCommands.all
    let draw = try #require(commands.first { $0.name == "draw" })
    let play = try #require(commands.first { $0.name == "play" })
    let plot = try #require(commands.first { $0.name == "plot" })

    try lua.run("expected = a:drawing{ width = 50 }", name: "=expected")
    lua.stack.getGlobal("expected")
    let expected = lua.stack.string(at: -1)
    lua.stack.pop()
    #expect(try draw.run(lua, "50") == expected)
    #expect(throws: LuaError.self) { try draw.run(lua, "wide") }

    #expect(throws: LuaError.self) { try plot.run(lua, "") }  // nothing kept yet
    try lua.run("a:record()", name: "=record")
    let played = try play.run(lua, "0.5")
    #expect(played.contains("t = 0.50 s"))
    let energy = try plot.run(lua, "")
    #expect(energy.contains("kinetic") && energy.contains("potential") && energy.contains("total"))
    let speed = try plot.run(lua, "speed")
    #expect(speed.contains("red"))
    #expect(throws: LuaError.self) { try plot.run(lua, "colour") }
    #expect(throws: LuaError.self) { try play.run(lua, "soon") }
}

/// `.draw` and `.play` take the overlays by name after their numbers, the same names the option tables use.
@Test func pictureDotCommandsTakeOverlaysByName() throws {
    let lua = LuaState()
    openDynamics(lua)
    _ = try animator(after: fixedScene + "\nanimator = a\na:addBehavior(Gravity(a.items[1]))\na:run(0.1)", in: lua)
    let draw = try #require(DynamicsCommands.all.first { $0.name == "draw" })
    try lua.run("expected = a:drawing{ width = 50, forces = true, energy = true, grid = true }", name: "=expected")
    lua.stack.getGlobal("expected")
    let expected = try #require(lua.stack.string(at: -1))
    lua.stack.pop()
    #expect(try draw.run(lua, "50 forces energy grid") == expected)
    #expect(expected.contains("kinetic") && expected.contains("grid "))
    #expect(try draw.run(lua, "energy 50") == draw.run(lua, "50 energy"), "words and the width in any order")
    do {
        _ = try draw.run(lua, "50 force")
        Issue.record(".draw took an unknown overlay")
    } catch {
        #expect(error.message.contains("'force'") && error.message.contains("forces"), "\(error.message)")
    }
    let play = try #require(DynamicsCommands.all.first { $0.name == "play" })
    #expect(throws: LuaError.self) { try play.run(lua, "0.1 colours") }
    #expect(try play.run(lua, "0.1 velocities trails").contains("t = "))
}
