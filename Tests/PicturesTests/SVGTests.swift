import Dynamics
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import Pictures

/// Collects every element of an XML document with its attributes and text.
final class ElementCollector: NSObject, XMLParserDelegate {
    struct Element { var name: String; var attributes: [String: String]; var text: String }
    var elements: [Element] = []
    private var open: [Int] = []

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        elements.append(Element(name: name, attributes: attributes, text: ""))
        open.append(elements.count - 1)
    }
    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        _ = open.popLast()
    }
    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let last = open.last { elements[last].text += string }
    }

    /// Parses `text`; nil when it is not well-formed XML.
    static func parse(_ text: String) -> [Element]? {
        let parser = XMLParser(data: Data(text.utf8))
        let collector = ElementCollector()
        parser.delegate = collector
        return parser.parse() ? collector.elements : nil
    }
}

@Suite struct SVGTests {
    @Test func documentIsXMLWithOneShapePerItem() throws {
        let svg = try SVGRenderer().render(Scenes.room)
        let elements = try #require(ElementCollector.parse(svg))
        let root = try #require(elements.first)
        #expect(root.name == "svg")
        #expect(root.attributes["viewBox"] == "0 0 320 240")
        let shapes = elements.filter { $0.attributes["class"] == "item" }
        #expect(shapes.map(\.name) == ["rect", "ellipse", "polygon"])
        #expect(shapes.map { $0.attributes["data-name"] ?? "" } == ["red", "blue", "green"])
        #expect(shapes.map { $0.attributes["fill"] ?? "" } == ["#ff0000", "#0000ff", "#008000"])
        let labels = elements.filter { $0.attributes["class"] == "label" }.map(\.text)
        #expect(labels == ["red", "blue", "green"])
        let boundaries = elements.filter { $0.attributes["class"] == "boundary" }
        #expect(boundaries.count == 2)
        #expect(boundaries.allSatisfy { $0.name == "path" && ($0.attributes["d"] ?? "").hasPrefix("M") })
        #expect(boundaries[0].attributes["d"]?.hasSuffix("Z") == true)
        #expect(boundaries[1].attributes["data-id"] == "shelf")
        #expect(elements.filter { $0.attributes["class"] == "joint" }.count == 1)
    }

    @Test func itemsAreTurnedClockwiseAboutTheirCentres() throws {
        let svg = try SVGRenderer().render(Scenes.room)
        let elements = try #require(ElementCollector.parse(svg))
        let red = try #require(elements.first { $0.attributes["data-name"] == "red" })
        #expect(red.attributes["transform"] == "translate(90 110) rotate(30)")
        #expect(red.attributes["width"] == "80" && red.attributes["height"] == "40")
        #expect(red.attributes["x"] == "-40" && red.attributes["y"] == "-20")
        let blue = try #require(elements.first { $0.attributes["data-name"] == "blue" })
        #expect(blue.attributes["rx"] == "35" && blue.attributes["ry"] == "35")
    }

    @Test func velocitiesAndContactsWhenAsked() throws {
        var options = SVGRenderer.Options()
        options.showVelocities = true
        options.showContacts = true
        let elements = try #require(ElementCollector.parse(try SVGRenderer(options: options).render(Scenes.room)))
        let arrows = elements.filter { $0.attributes["class"] == "velocity" }
        // Only the red box moves: 100 pt/s right, drawn 0.1 s long = 10 points.
        #expect(arrows.count == 1)
        #expect(arrows.first?.attributes["x2"] == "100" && arrows.first?.attributes["y2"] == "110")
        let contacts = elements.filter { $0.attributes["class"] == "contact" }
        #expect(contacts.count == 1 && contacts[0].attributes["cx"] == "250" && contacts[0].attributes["cy"] == "220")
        let plain = try #require(ElementCollector.parse(try SVGRenderer().render(Scenes.room)))
        #expect(!plain.contains { $0.attributes["class"] == "velocity" || $0.attributes["class"] == "contact" })
    }

    @Test func namesSitBesideTheirItemsAndOverNoOtherItem() throws {
        // A row of five touching balls (a cradle): each name beside its ball, clear of its neighbours; the font is
        // 5 units and the SVG's unit here is 1 point, so each name is about 3 x 0.6 x 5 wide and 5 high.
        let balls = (0..<5).map { k in
            Scenes.ball("b\(k)", color: nil, center: Vector(100 + 40 * Double(k), 120), radius: 20)
        }
        var snapshot = Scenes.room
        snapshot.items = balls
        snapshot.boundaries = []
        snapshot.joints = []
        let elements = try #require(ElementCollector.parse(try SVGRenderer().render(snapshot)))
        let labels = elements.filter { $0.attributes["class"] == "label" }
        try #require(labels.count == 5)
        for (k, label) in labels.enumerated() {
            let x = try #require(Double(label.attributes["x"] ?? "")), y = try #require(Double(label.attributes["y"] ?? ""))
            let width = 0.6 * 5 * Double(label.text.count)
            let left = switch label.attributes["text-anchor"] { case "end": x - width; case "middle": x - width / 2; default: x }
            let rect = AABB(lower: Vector(left, y - 2.5), upper: Vector(left + width, y + 2.5))
            for (j, ball) in balls.enumerated() where j != k {
                let box = AABB(lower: ball.center - Vector(20, 20), upper: ball.center + Vector(20, 20))
                #expect(!box.overlaps(rect), "\(label.text) sits on b\(j)")
            }
            // Beside its own ball: within a label's height of it.
            let own = AABB(lower: balls[k].center - Vector(20, 20), upper: balls[k].center + Vector(20, 20))
            #expect(own.expanded(by: 8).overlaps(rect) && !own.overlaps(rect), "\(label.text) beside its ball")
        }
    }

    @Test func namesAreEscaped() throws {
        var snapshot = Scenes.room
        snapshot.items[0].name = "a<b>&\"c\""
        let elements = try #require(ElementCollector.parse(try SVGRenderer().render(snapshot)))
        #expect(elements.contains { $0.attributes["data-name"] == "a<b>&\"c\"" })
        #expect(elements.contains { $0.name == "text" && $0.text == "a<b>&\"c\"" })
    }

    @Test func abstractWorldsGetAViewBoxAroundTheirContent() throws {
        var snapshot = Scenes.room
        snapshot.referenceBounds = nil
        let root = try #require(ElementCollector.parse(try SVGRenderer().render(snapshot))?.first)
        let box = (root.attributes["viewBox"] ?? "").split(separator: " ").compactMap { Double($0) }
        try #require(box.count == 4)
        // Content spans the walls (2...318, 2...238): 316 wide, margin 5% of 316 each side.
        #expect(abs(box[0] - (2 - 15.8)) < 0.01 && abs(box[2] - 316 * 1.1) < 0.01)
    }

    @Test func writesAFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pictures-\(UUID().uuidString).svg").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try SVGRenderer().write(Scenes.room, to: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == (try SVGRenderer().render(Scenes.room)))
        #expect(throws: PictureError.self) { try SVGRenderer().write(Scenes.room, to: "/nonexistent-dir/x.svg") }
    }
}
