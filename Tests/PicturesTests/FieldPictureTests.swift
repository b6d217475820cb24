import Testing
@testable import Dynamics
@testable import Pictures

/// Fields drawn as arrows: from the animator's snapshot to the SVG and the terminal.
@Suite struct FieldPictureTests {
    /// A 200 x 200 animator with a radial field at its centre acting inside a disc of 60 pt.
    private func scene() throws -> Animator {
        let animator = try Animator(referenceSize: Vector(200, 200))
        let field = try FieldBehavior(kind: .radialGravity, items: [try DynamicItem(center: Vector(20, 20), size: Vector(10, 10))])
        try field.setPosition(Vector(100, 100))
        field.setRegion(try .radius(60))
        try animator.addBehavior(field)
        return animator
    }

    @Test func snapshotSamplesTheFieldInsideItsRegionOnly() throws {
        let snapshot = try scene().snapshot()
        #expect(snapshot.fields.count == 1)
        let field = snapshot.fields[0]
        #expect(field.kind == "radialGravity")
        #expect(field.points.count == 16 * 16)
        for (p, a) in zip(field.points, field.accelerations) {
            let d = p - Vector(100, 100)
            if d.length > 60 {
                #expect(a == .zero)
            } else {
                // Toward the centre at 1000 pt/s^2.
                #expect(abs(a.length - 1000) < 1e-6)
                #expect(dot(a, d) < 0)
            }
        }
    }

    @Test func arrowsPointAlongTheFieldAndTheLegendSaysTheScale() throws {
        let snapshot = try scene().snapshot()
        let arrows = FieldArrows.of(snapshot)
        #expect(arrows.count == 1)
        #expect(!arrows[0].arrows.isEmpty)
        for arrow in arrows[0].arrows {
            let middle = 0.5 * (arrow.tail + arrow.tip)
            #expect(distance(middle, Vector(100, 100)) <= 60)
            #expect(dot(arrow.tip - arrow.tail, Vector(100, 100) - middle) > 0)
            #expect(distance(arrow.tip, arrow.tail) <= 0.8 * snapshot.fields[0].spacing + 1e-9)
        }
        #expect(arrows[0].legend == "→ radialGravity field: a full arrow is 1000 pt/s^2 or more")

        let svg = try SVGRenderer().render(snapshot)
        #expect(svg.contains("class=\"field\" data-kind=\"radialGravity\""))
        #expect(svg.components(separatedBy: "class=\"field-arrow\"").count - 1 == arrows[0].arrows.count)
        #expect(svg.contains(arrows[0].legend))

        let lines = try TerminalCanvas(width: 40).lines(snapshot)
        #expect(lines.last == arrows[0].legend)
        var hidden = SVGRenderer.Options()
        hidden.showFields = false
        #expect(!(try SVGRenderer(options: hidden).render(snapshot)).contains("field"))
        var plain = TerminalCanvas.Options()
        plain.width = 40
        plain.showFields = false
        #expect(try TerminalCanvas(options: plain).lines(snapshot).count == lines.count - 1)
        // Arrows light dots away from the one item in the corner.
        #expect(lines.dropLast().contains { $0.contains { $0 != " " && $0 != "\u{2800}" } })
    }

    @Test func aWorldWithoutFieldsDrawsNoLegend() throws {
        let animator = try Animator(referenceSize: Vector(100, 100))
        try animator.addBehavior(GravityBehavior(items: [try DynamicItem(center: Vector(50, 50), size: Vector(10, 10))]))
        let snapshot = animator.snapshot()
        #expect(snapshot.fields.isEmpty)
        #expect(!(try SVGRenderer().render(snapshot)).contains("field"))
        #expect(!(try TerminalCanvas(width: 20).lines(snapshot)).contains { $0.contains("field") })
    }
}
