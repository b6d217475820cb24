import Dynamics
import Foundation
import Testing
@testable import Pictures

/// The overlays every picture form offers (velocity and force arrows, trails, energy bars), checked against the
/// geometry they must have.
@Suite struct OverlayTests {
    /// The sliding box (100 pt/s right, centre (40, 60)) with a force on it.
    private func pushedBox(force: Vector, anchored: Bool = false) -> WorldSnapshot {
        var snapshot = Scenes.slidingBox(at: 0)
        snapshot.items[0].force = force
        snapshot.items[0].isAnchored = anchored
        return snapshot
    }

    /// A 100 x 100 box (mass 1) under gravity in a 400 x 400 world, its centre 300 pt above the floor, moving
    /// 300 pt/s right: kinetic ½·1·300² = 45 000, potential 1·1000·300 = 300 000 mass·pt²/s².
    private func energyScene(metres: Bool = false) throws -> (Animator, DynamicItem) {
        let animator = try Animator(referenceSize: Vector(400, 400))
        let item = try DynamicItem(center: Vector(200, 100), size: Vector(100, 100), name: "box")
        try animator.addBehavior(GravityBehavior(items: [item]))
        try item.setVelocity(Vector(300, 0))
        animator.setDisplaysMetres(metres)
        return (animator, item)
    }

    @Test func aVelocityArrowPointsAlongTheMotionSpeedTimesScaleLong() {
        let arrows = ItemArrows.velocities(Scenes.slidingBox(at: 0))
        #expect(arrows == [ItemArrows.Arrow(tail: Vector(40, 60), tip: Vector(50, 60))])
        let longer = ItemArrows.velocities(Scenes.slidingBox(at: 0), scale: 0.5)
        #expect(longer.first.map { abs($0.length - 100 * 0.5) < 1e-12 } == true)
    }

    @Test func aForceArrowIsTheForceTimesItsScaleAndAnchoredItemsHaveNone() {
        let arrows = ItemArrows.forces(pushedBox(force: Vector(0, 2000)))
        #expect(arrows == [ItemArrows.Arrow(tail: Vector(40, 60), tip: Vector(40, 60 + 2000 * ItemArrows.forceScale))])
        #expect(ItemArrows.forces(pushedBox(force: Vector(0, 2000), anchored: true)).isEmpty)
        #expect(ItemArrows.forces(pushedBox(force: .zero)).isEmpty)
        // Arrows shorter than asked are left out: 2000 · 0.05 = 100 pt.
        #expect(ItemArrows.forces(pushedBox(force: Vector(0, 2000)), shortest: 101).isEmpty)
    }

    @Test func anArrowHeadIsTwoStrokesBackFromTheTipAtThirtyDegrees() {
        let arrow = ItemArrows.Arrow(tail: .zero, tip: Vector(100, 0))
        let (left, right) = ItemArrows.head(arrow, size: 10)
        for p in [left, right] {
            #expect(abs(distance(p, arrow.tip) - 10) < 1e-9)
            #expect(abs(p.x - (100 - 10 * 3.0.squareRoot() / 2)) < 1e-9 && abs(abs(p.y) - 5) < 1e-9)
        }
        #expect(left.y * right.y < 0, "one on each side")
    }

    @Test func svgDrawsForceArrowsFromTheCentres() throws {
        var options = SVGRenderer.Options()
        options.showForces = true
        let svg = try SVGRenderer(options: options).render(pushedBox(force: Vector(400, -200)))
        let elements = try #require(ElementCollector.parse(svg))
        let lines = elements.filter { $0.attributes["class"] == "force" }
        #expect(lines.count == 1)
        // (40, 60) + 0.05 · (400, -200) = (60, 50).
        #expect(lines.first.map { [$0.attributes["x1"], $0.attributes["y1"], $0.attributes["x2"], $0.attributes["y2"]] }
                == ["40", "60", "60", "50"])
        #expect(elements.contains { $0.attributes["class"] == "force-head" })
        #expect(!elements.contains { $0.attributes["class"] == "velocity" }, "only what was asked")
    }

    @Test func forcesOfARealFallingAndARestingBox() throws {
        // A falling 100 x 100 box (mass 1) feels its weight, 1000 mass·pt/s² down: a 50 pt arrow straight down.
        let animator = try Animator(referenceSize: Vector(400, 400))
        let faller = try DynamicItem(center: Vector(100, 100), size: Vector(100, 100), name: "faller")
        let rester = try DynamicItem(center: Vector(300, 349), size: Vector(100, 100), name: "rester")
        try animator.addBehavior(GravityBehavior(items: [faller, rester]))
        let walls = CollisionBehavior(items: [faller, rester])
        walls.translatesReferenceBoundsIntoBoundary = true
        try animator.addBehavior(walls)
        for _ in 0..<12 { try animator.step() }  // 0.2 s: the faller is still in the air, the rester on the floor
        let snapshot = animator.snapshot()
        var options = SVGRenderer.Options()
        options.showForces = true
        let elements = try #require(ElementCollector.parse(try SVGRenderer(options: options).render(snapshot)))
        let lines = elements.filter { $0.attributes["class"] == "force" }
        // The resting box's net force (the floor's push less its weight) is a small fraction of a point: no arrow.
        #expect(lines.count == 1)
        let x1 = try #require(lines.first?.attributes["x1"].flatMap(Double.init))
        let y1 = try #require(lines.first?.attributes["y1"].flatMap(Double.init))
        let x2 = try #require(lines.first?.attributes["x2"].flatMap(Double.init))
        let y2 = try #require(lines.first?.attributes["y2"].flatMap(Double.init))
        #expect(abs(x1 - faller.center.x) < 0.01 && abs(y1 - faller.center.y) < 0.01)
        #expect(abs(x2 - x1) < 0.01 && abs(y2 - y1 - 1000 * ItemArrows.forceScale) < 0.01)
    }

    @Test func energyBarsAreAsLongAsTheEnergiesOfAClosedFormScene() throws {
        let (animator, _) = try energyScene()
        let snapshot = animator.snapshot()
        #expect(abs(snapshot.kineticEnergy - 45_000) < 1e-6)
        #expect(abs(snapshot.potentialEnergy - 300_000) < 1e-6)
        let bars = EnergyBars(snapshot)
        #expect(bars.bars.map(\.name) == ["kinetic", "potential", "total"])
        let expected = [45_000.0 / 345_000, 300_000.0 / 345_000, 1]
        for (bar, fraction) in zip(bars.bars, expected) { #expect(abs(bar.fraction - fraction) < 1e-12) }

        var options = SVGRenderer.Options()
        options.showEnergy = true
        let elements = try #require(ElementCollector.parse(try SVGRenderer(options: options).render(snapshot)))
        let widths = elements.filter { $0.attributes["class"] == "energy-bar" }.compactMap { $0.attributes["width"].flatMap(Double.init) }
        #expect(widths.count == 3)
        if widths.count == 3, widths[2] > 0 {
            #expect(abs(widths[0] / widths[2] - expected[0]) < 1e-3)
            #expect(abs(widths[1] / widths[2] - expected[1]) < 1e-3)
        }
    }

    @Test func energyBarsSpeakTheDisplayUnitsAndAShareScaleShortensThem() throws {
        let (animator, _) = try energyScene(metres: true)
        let bars = EnergyBars(animator.snapshot())
        // 100 pt = 1 m: 45 000 mass·pt²/s² = 4.5 J.
        #expect(bars.unit == "J")
        #expect(bars.bars.map(\.label) == ["kinetic 4.5 J", "potential 30 J", "total 34.5 J"])
        let halved = EnergyBars(animator.snapshot(), scale: 690_000)
        #expect(abs(halved.bars[2].fraction - 0.5) < 1e-12)
        // Below the zero: the bar is as long as the size, the value negative.
        let below = EnergyBars(kinetic: 0, potential: -100, units: DisplayUnits())
        #expect(below.bars[1].value == -100 && below.bars[1].fraction == 1)
    }

    @Test func terminalEnergyLinesUnderThePictureHaveProportionalBars() throws {
        let (animator, _) = try energyScene()
        var options = TerminalCanvas.Options()
        options.width = 40
        options.glyphs = .ascii
        options.showEnergy = true
        let lines = try TerminalCanvas(options: options).lines(animator.snapshot())
        let energy = Array(lines.suffix(3))
        #expect(energy.map { String($0.prefix(10)) } == ["kinetic   ", "potential ", "total     "])
        let expected = [45_000.0 / 345_000, 300_000.0 / 345_000, 1]
        for (line, fraction) in zip(energy, expected) {
            let hashes = line.filter { $0 == "#" }.count
            #expect(abs(Double(hashes) - 24 * fraction) <= 0.5, "\(line)")
        }
        #expect(energy[0].hasSuffix("45000 mass·pt²/s²"), "\(energy[0])")
        // The lines count against a height limit.
        options.maxHeight = 10
        #expect(try TerminalCanvas(options: options).lines(animator.snapshot()).count <= 10)
    }

    @Test func terminalArrowsLightDotsBetweenTheCentreAndTheTip() throws {
        // One world point per dot: an 80-cell braille canvas is 160 dots across a 160 pt view.
        var options = TerminalCanvas.Options()
        options.width = 80
        options.view = AABB(lower: .zero, upper: Vector(160, 80))
        options.filled = false
        var snapshot = Scenes.slidingBox(at: 0)
        snapshot.items[0].velocity = Vector(400, 0)  // a 40 pt arrow from (40, 60) to (80, 60)
        snapshot.boundaries = []
        let bare = try TerminalCanvas(options: options).raster(snapshot)
        options.showVelocities = true
        let arrowed = try TerminalCanvas(options: options).raster(snapshot)
        var added: [(x: Int, y: Int)] = []
        for y in 0..<arrowed.dotHeight { for x in 0..<arrowed.dotWidth where arrowed.isLit(x: x, y: y) && !bare.isLit(x: x, y: y) { added.append((x, y)) } }
        #expect(!added.isEmpty)
        // Every new dot lies between the centre and the tip, within the head's reach of the shaft.
        #expect(added.allSatisfy { $0.x >= 40 && $0.x <= 80 })
        // The head's strokes are a third of the arrow long at 30 degrees: they reach 40 / 3 · sin 30° off the shaft.
        let reach = 40.0 / 3 * 0.5 + 1
        #expect(added.allSatisfy { abs(Double($0.y) - 60) <= reach }, "\(added.map { "\($0.x),\($0.y)" })")
        #expect(added.filter { $0.y == 60 }.count >= 39, "the shaft is a straight row of dots")
        #expect(added.contains { $0.x >= 79 }, "the arrow reaches its tip")
    }

    @Test func trailsKeepAPointWheneverAnItemHasMovedAndDropTheOldest() {
        var trails = Trails()
        // 100 pt/s: 1 pt a hundredth of a second, so every third hundredth is kept (more than 2 pt).
        for i in 0...30 { trails.append(Scenes.slidingBox(at: Double(i) / 100)) }
        #expect(trails.paths.count == 1)
        #expect(trails.paths[0].first == Vector(40, 60))
        #expect(trails.paths[0].count == 11)
        #expect(zip(trails.paths[0], trails.paths[0].dropFirst()).allSatisfy { distance($0, $1) > Trails.spacing })
        for i in 31...1000 { trails.append(Scenes.slidingBox(at: Double(i) / 100)) }
        #expect(trails.paths[0].count == Trails.maxPoints)
        // The newest point is where the box is now, or less than a spacing behind it.
        #expect(trails.paths[0].last.map { distance($0, Vector(40 + 1000, 60)) <= Trails.spacing } == true)
        // Other items: the trails start again.
        trails.append(Scenes.room)
        #expect(trails.paths.count == 3 && trails.paths.allSatisfy { $0.count == 1 })
    }

    @Test func svgAndTerminalDrawTheTrailsTheyAreGiven() throws {
        var trails = Trails()
        for i in 0...100 { trails.append(Scenes.slidingBox(at: Double(i) / 100)) }
        let now = Scenes.slidingBox(at: 1)
        var svgOptions = SVGRenderer.Options()
        svgOptions.showTrails = true
        let elements = try #require(ElementCollector.parse(try SVGRenderer(options: svgOptions).render(now, trails: trails.paths)))
        let paths = elements.filter { $0.attributes["class"] == "trail" }
        #expect(paths.count == 1)
        #expect(paths.first?.attributes["d"]?.hasPrefix("M40,60") == true)
        let last = try #require(trails.paths[0].last)
        #expect(paths.first?.attributes["d"]?.hasSuffix("\(Int(last.x)),60") == true)
        let without = try #require(ElementCollector.parse(try SVGRenderer().render(now, trails: trails.paths)))
        #expect(!without.contains { $0.attributes["class"] == "trail" })

        var options = TerminalCanvas.Options()
        options.width = 80
        options.view = AABB(lower: .zero, upper: Vector(320, 120))
        var bare = now
        bare.boundaries = []
        let plain = try TerminalCanvas(options: options).raster(bare, trails: trails.paths)
        options.showTrails = true
        let trailed = try TerminalCanvas(options: options).raster(bare, trails: trails.paths)
        // 2 world points a dot: the trail's row at y = 60 is lit left of the box (which spans x 120...160).
        let row = 30
        #expect(!plain.isLit(x: 30, y: row) && trailed.isLit(x: 30, y: row))
    }

    @Test func theReplayCarriesVectorsAndEnergiesWhenAsked() throws {
        var recording = Recording()
        for i in 0...10 {
            var snapshot = pushedBox(force: Vector(0, 500))
            snapshot.time = Double(i) / 10
            snapshot.kineticEnergy = 100
            snapshot.potentialEnergy = Double(i) * 10
            recording.append(snapshot)
        }
        var options = HTMLReplay.Options()
        options.velocities = true
        options.forces = true
        options.energy = true
        let page = try HTMLReplay(options: options).html(recording)
        for id in ["velocities", "forces", "energy", "grid", "trails"] { #expect(page.contains("id=\"\(id)\"")) }
        let data = try #require(embeddedData(page))
        let frame = try #require(data["frames"]?[3])
        #expect(frame["v"] == .array([.number(100), .number(0)]))
        #expect(frame["f"] == .array([.number(0), .number(500)]))
        #expect(frame["e"] == .array([.number(100), .number(30)]))
        #expect(data["arrows"]?["forceScale"]?.number == ItemArrows.forceScale)
        // A full bar is the largest size over the recording: 100 + 100.
        #expect(data["energy"]?["full"]?.number == 200)

        let lean = try #require(embeddedData(try HTMLReplay().html(recording)))
        #expect(lean["frames"]?[3]?["v"] == nil && lean["frames"]?[3]?["f"] == nil)
    }

    private func embeddedData(_ page: String) -> MiniJSON? {
        guard let start = page.range(of: "var REPLAY = "), let end = page.range(of: ";\n</script>", range: start.upperBound..<page.endIndex)
        else { return nil }
        return MiniJSON.parse(String(page[start.upperBound..<end.lowerBound]))
    }
}
