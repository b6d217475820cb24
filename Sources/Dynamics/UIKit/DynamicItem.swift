/// The outline an item collides with (UIKit's collisionBoundsType).
public enum ItemShape: Sendable, Equatable {
    case rectangle
    case ellipse
    /// A capsule along the item's longer side: its size's rectangle with the shorter sides rounded into half
    /// circles (a stadium; a square size makes a circle).
    case capsule
    /// A convex polygon, points relative to the item's centre (a flattened Path).
    case path([Vector])

    /// The snapshot's name for this shape.
    public var kind: ItemShapeKind {
        switch self {
        case .rectangle: return .rectangle
        case .ellipse: return .ellipse
        case .capsule: return .capsule
        case .path: return .path
        }
    }
}

/// A dynamic item, UIKit's UIView as a UIDynamicItem: a rigid rectangle, ellipse or convex path with a centre and an
/// angle. While an animator animates it, the animator writes its state after every step; writing its centre, angle or
/// velocity by hand moves it, and the animator picks that up before the next step (like `updateItem`).
public final class DynamicItem {
    /// A label for printing and pictures.
    public let name: String
    /// A CSS colour name or `#rrggbb`, or nil for the default.
    public var color: String? {
        get { extras?.color }
        set { if newValue != nil || extras != nil { madeExtras.color = newValue } }
    }
    /// Width and height in points; fixed while an animator holds the item.
    public internal(set) var size: Vector
    /// The collision outline (UIKit's collisionBoundsType); fixed after creation.
    public let shape: ItemShape
    /// Centre point in the animator's coordinates.
    public private(set) var center: Vector
    /// Radians; positive turns clockwise on screen (y down).
    public private(set) var angle: Double
    /// Velocity of the centre, pt/s.
    public private(set) var velocity: Vector
    /// rad/s, positive clockwise on screen.
    public private(set) var angularVelocity: Double = 0
    /// The net force on the item over the last frame stepped, mass·pt/s²: its mass times the change of its centre of
    /// mass's velocity over the frame's duration, so gravity, fields, pushes, contacts and joints together, as the
    /// solver applied them (what force arrows show). Zero for an anchored item, before the first frame and for an
    /// item that slept through the frame.
    public internal(set) var netForce: Vector = .zero
    /// The animator animating this item, if any.
    public internal(set) weak var animator: Animator?
    /// The view this one is a subview of (UIView.superview); its centre is in that view's coordinates.
    public internal(set) var superview: DynamicItem? {
        get { extras?.superview }
        set { if newValue != nil || extras != nil { madeExtras.superview = newValue } }
    }
    /// Subviews in the order added, the last drawn on top (UIView.subviews).
    public internal(set) var subviews: [DynamicItem] {
        get { extras?.subviews ?? [] }
        // In place, so appending to a long list does not copy it.
        _modify { yield &madeExtras.subviews }
    }
    /// Opacity for pictures, 0 (invisible) to 1 (opaque).
    public internal(set) var alpha: Double {
        get { extras?.alpha ?? 1 }
        set { if newValue != 1 || extras != nil { madeExtras.alpha = newValue } }
    }
    /// A hidden view and its subviews are not drawn.
    public var isHidden: Bool {
        get { extras?.isHidden ?? false }
        set { if newValue || extras != nil { madeExtras.isHidden = newValue } }
    }
    /// The transition whose container this view is, so that animators made on it advance with the transition.
    var hostingTransition: Transition? {
        get { extras?.hostingTransition }
        set { if newValue != nil || extras != nil { madeExtras.hostingTransition = newValue } }
    }

    /// The collision shape in the item's frame (the ellipse and path shapes come from Geometry). Made anew on each
    /// use, which is rare (a body's creation, mass, snapshots of items without a body): the world keeps the one copy
    /// that collides, and a second one here cost 800 bytes per item.
    var collisionShape: Shape { makeShape() }
    /// Density of the item behaviour that currently wins for this item (1 when none).
    var density: Double {
        get { extras?.density ?? 1 }
        set { if newValue != 1 || extras != nil { madeExtras.density = newValue } }
    }
    /// The charge the winning item behaviour gives it, for electric and magnetic fields.
    var charge: Double {
        get { extras?.charge ?? 0 }
        set { if newValue != 0 || extras != nil { madeExtras.charge = newValue } }
    }
    /// Handles in the world of `bodyOwner`, or -1. They mean nothing in any other animator's world: an item that
    /// moves on (or whose animator is gone) gets a new body in the next world it joins.
    var bodyID: Int32 = -1
    var shapeID: Int32 = -1
    /// The animator whose world holds this item's body. Only the item's animator makes it one (in its sync) and
    /// it gives the body back before it lets the item go, so this is `animator` while the item has a body: a flag,
    /// not a second weak reference.
    var bodyOwner: Animator? {
        get { hasBody ? animator : nil }
        set { hasBody = newValue != nil }
    }
    /// Whether `animator`'s world holds a body made for this item (see `bodyOwner`).
    private var hasBody = false
    /// Set when the centre, angle or velocity were written by hand, so the animator pushes them into the world.
    var stateWasSetByHand = false
    /// Set when the velocity or angular velocity was written by hand since the animator last wrote them: an item
    /// being anchored then keeps it (and moves at it) instead of stopping.
    var velocityWasSetByHand = false
    /// The members and their places when this item is a group (see ItemGroup.swift), else nil.
    public internal(set) var groupParts: ItemGroupParts? {
        get { extras?.groupParts }
        set { if newValue != nil || extras != nil { madeExtras.groupParts = newValue } }
    }
    /// Whether `groupParts` is set, read where a class reference would cost a retain (the write-back loop).
    var isGroup = false
    /// How many behaviours of `animator` hold this item (see `Animator.itemsChanged`); meaningless while `animator`
    /// is nil. Kept here, in room the object has anyway, rather than in a table per animator.
    var holdCount: Int32 = 0
    /// For a member of a group that an animator animates: that group. Such a member moves only with its group.
    public internal(set) var animatingGroup: DynamicItem? {
        get { extras?.animatingGroup }
        set { if newValue != nil || extras != nil { madeExtras.animatingGroup = newValue } }
    }
    /// What the item stands for when it is a collection layout's attributes (see CollectionLayout.swift), else nil.
    public internal(set) var layoutAttributes: LayoutAttributesInfo? {
        get { extras?.layoutAttributes }
        set { if newValue != nil || extras != nil { madeExtras.layoutAttributes = newValue } }
    }
    /// Told after every frame that the animator wrote the item's state (a custom item's Lua table takes it then).
    public var observer: (any DynamicItemObserver)? {
        get { extras?.observer }
        set { if newValue != nil || extras != nil { madeExtras.observer = newValue } }
    }
    /// The rarely set parts above, made on the first write of a value other than the default.
    private var extras: DynamicItemExtras?
    /// `extras`, made when missing.
    private var madeExtras: DynamicItemExtras {
        if let extras { return extras }
        let made = DynamicItemExtras()
        extras = made
        return made
    }

    /// An item of `size` centred on `center`, turned by `angle`. Throws for non-finite numbers, a non-positive size,
    /// or a path that is not a valid convex polygon.
    public convenience init(center: Vector, size: Vector, angle: Double = 0, name: String = "", color: String? = nil,
                            shape: ItemShape = .rectangle) throws(DynamicsError) {
        try self.init(center: center, size: size, angle: angle, name: name, color: color, shape: shape, outlineChecked: false)
    }

    /// `outlineChecked`: a path shape's points were found to make a valid outline already (making one is a hull).
    private init(center: Vector, size: Vector, angle: Double, name: String, color: String?, shape: ItemShape,
                 outlineChecked: Bool) throws(DynamicsError) {
        try checkFinite(center, "center")
        try checkPositive(size.x, "width", atMost: largestItemExtent)
        try checkPositive(size.y, "height", atMost: largestItemExtent)
        try checkFinite(angle, "angle")
        if case .path(let points) = shape {
            guard points.allSatisfy(\.isFinite) else { throw DynamicsError("path points must be finite") }
            guard points.allSatisfy({ abs($0.x) <= largestItemExtent && abs($0.y) <= largestItemExtent }) else {
                throw DynamicsError("path points must lie within \(largestItemExtent) pt of the centre")
            }
            if !outlineChecked {
                do { _ = try Shape.polygon(points) } catch { throw DynamicsError("invalid path shape: \(error.message)") }
            }
        }
        self.center = center; self.size = size; self.angle = angle; self.name = name; self.shape = shape
        self.velocity = .zero
        if let color { self.color = color }
    }

    /// An item filling `frame` (its origin is the top-left corner, UIKit's frame at angle 0).
    public convenience init(frame: AABB, angle: Double = 0, name: String = "", color: String? = nil,
                            shape: ItemShape = .rectangle) throws(DynamicsError) {
        try self.init(center: frame.center, size: Vector(frame.width, frame.height), angle: angle, name: name, color: color, shape: shape)
    }

    /// An item shaped by a convex path given relative to its centre; its size is the path's bounding box.
    public convenience init(center: Vector, path: [Vector], angle: Double = 0, name: String = "", color: String? = nil) throws(DynamicsError) {
        guard let first = path.first else { throw DynamicsError("a path shape needs at least three points") }
        // The outline is checked before its box: a flat one would otherwise be reported as a zero height.
        guard path.allSatisfy(\.isFinite) else { throw DynamicsError("path points must be finite") }
        do { _ = try Shape.polygon(path) } catch { throw DynamicsError("invalid path shape: \(error.message)") }
        var lo = first, hi = first
        for p in path { lo = minVector(lo, p); hi = maxVector(hi, p) }
        try self.init(center: center, size: hi - lo, angle: angle, name: name, color: color, shape: .path(path),
                      outlineChecked: true)
    }

    // MARK: Writes by hand

    /// Moves the item; an animator picks the new place up before its next step.
    public func setCenter(_ c: Vector) throws(DynamicsError) {
        try checkFinite(c, "center")
        AnimationRecording.current?.willChange(self, .center)
        center = c
        handMoved()
    }

    /// Turns the item to `a` radians.
    public func setAngle(_ a: Double) throws(DynamicsError) {
        try checkFinite(a, "angle")
        AnimationRecording.current?.willChange(self, .angle)
        angle = a
        handMoved()
    }

    /// Sets the opacity, 0...1.
    public func setAlpha(_ a: Double) throws(DynamicsError) {
        try checkFinite(a, "alpha")
        guard a >= 0, a <= 1 else { throw DynamicsError("alpha must be between 0 and 1, got \(a)") }
        AnimationRecording.current?.willChange(self, .alpha)
        alpha = a
    }

    /// Resizes a view that no dynamic animator holds (a screen, a panel; what a property animator animates). A view
    /// an animator holds keeps the size its body was made with; giving it its own size back is allowed.
    public func setSize(_ s: Vector) throws(DynamicsError) {
        try checkPositive(s.x, "width", atMost: largestItemExtent)
        try checkPositive(s.y, "height", atMost: largestItemExtent)
        guard s != size else { return }
        guard animator == nil else {
            throw DynamicsError("the size of a view an Animator holds is fixed (its body was made with it)")
        }
        AnimationRecording.current?.willChange(self, .size)
        size = s
    }

    /// Sets the velocity of the centre, pt/s.
    public func setVelocity(_ v: Vector) throws(DynamicsError) {
        try checkFinite(v, "velocity")
        velocity = v
        velocityWasSetByHand = true
        handMoved()
    }

    /// Sets the angular velocity, rad/s.
    public func setAngularVelocity(_ w: Double) throws(DynamicsError) {
        try checkFinite(w, "angularVelocity")
        angularVelocity = w
        velocityWasSetByHand = true
        handMoved()
    }

    private func handMoved() {
        animator?.updateItem(self)
    }

    /// Takes the item out of its superview and out of every behaviour of its animator; attachments and snaps
    /// holding it are removed whole.
    public func removeFromSuperview() {
        detachFromSuperview()
        animator?.remove(self)
    }

    // MARK: Views inside views

    /// Makes `view` the last (topmost) subview, taking it from its old superview. Throws when that would put a view
    /// inside itself.
    public func addSubview(_ view: DynamicItem) throws(DynamicsError) {
        var ancestor: DynamicItem? = self
        while let a = ancestor {
            if a === view { throw DynamicsError("a view cannot be a subview of itself or of its own subviews") }
            ancestor = a.superview
        }
        view.detachFromSuperview()
        subviews.append(view)
        view.superview = self
    }

    /// Leaves the superview without touching behaviours (what a transition does when it moves views about).
    func detachFromSuperview() {
        guard let parent = superview else { return }
        parent.subviews.removeAll { $0 === self }
        superview = nil
    }

    /// Centre and angle in the coordinates of the outermost superview: a subview's centre is measured from its
    /// superview's top-left corner and turns with it.
    public var placementInRoot: (center: Vector, angle: Double) {
        guard let parent = superview else { return (center, angle) }
        let p = parent.placementInRoot
        let q = Rotation(angle: p.angle)
        return (p.center + q.rotate(center - parent.size * 0.5), p.angle + angle)
    }

    /// Whether pictures show the view: it and every superview are not hidden.
    public var isVisible: Bool {
        var v: DynamicItem? = self
        while let x = v { if x.isHidden { return false }; v = x.superview }
        return true
    }

    /// The opacity pictures use: the product of the view's and its superviews' alpha.
    public var effectiveAlpha: Double {
        var a = 1.0, v: DynamicItem? = self
        while let x = v { a *= x.alpha; v = x.superview }
        return a
    }

    // MARK: Derived values

    /// Area in square points: an ellipse and a path use their own area.
    public var area: Double {
        if let g = groupParts { return g.members.reduce(0) { $0 + $1.area } }
        switch shape {
        case .rectangle: return size.x * size.y
        case .ellipse: return Double.pi * size.x * size.y / 4
        case .capsule:
            // The rectangle less the four corners the half circles leave out.
            let r = min(size.x, size.y) / 2
            return size.x * size.y - (4 - Double.pi) * r * r
        case .path(let points): return polygonArea(points)
        }
    }

    /// Mass = density x area / 10000 (a 100 x 100 item of density 1 has mass 1), with the winning item behaviour's density.
    /// The density is read from the animator's behaviour tree at once, so adding an item behaviour or changing its
    /// density shows here before the next step; an item no animator animates has density 1.
    public var mass: Double { (animator?.density(of: self) ?? 1) * area / 10000 }

    /// The item's box at the origin (UIKit's bounds).
    public var bounds: AABB { AABB(lower: .zero, upper: size) }

    /// The axis-aligned box around the item as it is turned now (UIKit's frame).
    public var frame: AABB {
        if let g = groupParts, let first = g.members.first {
            return g.members.dropFirst().reduce(first.frame) { $0.union($1.frame) }
        }
        let q = Rotation(angle: angle)
        let ext: Vector
        switch shape {
        case .rectangle:
            let hw = size.x / 2, hh = size.y / 2
            ext = Vector(abs(q.c) * hw + abs(q.s) * hh, abs(q.s) * hw + abs(q.c) * hh)
        case .ellipse:
            let a = size.x / 2, b = size.y / 2
            ext = Vector((a * a * q.c * q.c + b * b * q.s * q.s).squareRoot(), (a * a * q.s * q.s + b * b * q.c * q.c).squareRoot())
        case .capsule:
            // The core segment's reach, turned, plus the radius all round.
            let r = min(size.x, size.y) / 2
            let core = Vector(size.x / 2 - r, size.y / 2 - r)
            ext = Vector(abs(q.c) * core.x + abs(q.s) * core.y + r, abs(q.s) * core.x + abs(q.c) * core.y + r)
        case .path(let points):
            guard let first = points.first else { return AABB(lower: center, upper: center) }
            var lo = q.rotate(first), hi = lo
            for p in points { let r = q.rotate(p); lo = minVector(lo, r); hi = maxVector(hi, r) }
            return AABB(lower: center + lo, upper: center + hi)
        }
        return AABB(lower: center - ext, upper: center + ext)
    }

    /// Mass, centre of mass and inertia at a density in the API's units (mass per 10000 square points).
    func massData(density d: Double) -> MassData {
        if let g = groupParts { return groupMassData(g, density: d) }
        switch shape {
        case .rectangle:
            let m = d * size.x * size.y / 10000
            return MassData(mass: m, center: .zero, rotationalInertia: m * (size.x * size.x + size.y * size.y) / 12)
        case .ellipse:
            let a = size.x / 2, b = size.y / 2
            let m = d * Double.pi * a * b / 10000
            return MassData(mass: m, center: .zero, rotationalInertia: m * (a * a + b * b) / 4)
        case .capsule, .path:
            return massData(density: d, of: collisionShape)
        }
    }

    /// `massData` of a path item whose outline (`collisionShape`) the caller has made already.
    func massData(density d: Double, of outline: Shape) -> MassData { outline.massData(density: d / 10000) }

    /// Half the item's smallest side and half its diagonal: scales for the continuous test and sleep.
    var extents: (min: Double, max: Double) {
        if let g = groupParts {
            // The thinnest member decides what could tunnel; the farthest reach from the group's centre, how far
            // a turn carries its edge.
            var lo = Double.infinity, hi = 0.0
            for (k, m) in g.members.enumerated() {
                let e = m.extents
                lo = min(lo, e.min)
                hi = max(hi, g.offsets[k].length + e.max)
            }
            return (lo, hi)
        }
        return (0.5 * min(size.x, size.y), 0.5 * (size.x * size.x + size.y * size.y).squareRoot())
    }

    /// The collision shape placed by `xf` (a group member's in its group's frame): a box is made placed, with no
    /// shape in the item's own frame first.
    func collisionShape(placedBy xf: Transform) -> Shape {
        if case .rectangle = shape { return .box(halfWidth: size.x / 2, halfHeight: size.y / 2, placedBy: xf) }
        return makeShape().transformed(by: xf)
    }

    private func makeShape() -> Shape {
        switch shape {
        case .rectangle: return .box(halfWidth: size.x / 2, halfHeight: size.y / 2)
        case .ellipse:
            if size.x == size.y { return .circle(radius: size.x / 2) }
            return .ellipse(radiusX: size.x / 2, radiusY: size.y / 2)
        case .capsule:
            let r = min(size.x, size.y) / 2
            let half = size.x >= size.y ? Vector(size.x / 2 - r, 0) : Vector(0, size.y / 2 - r)
            // Sides too close to equal for two centres: a circle (sizes are validated positive, so r is).
            return (try? Shape.capsule(-half, half, radius: r)) ?? .circle(radius: r)
        case .path(let points):
            // Validated in init, so this cannot fail; a box of the item's size is the harmless fallback.
            return (try? Shape.polygon(points)) ?? .box(halfWidth: size.x / 2, halfHeight: size.y / 2)
        }
    }

    /// Called by the animator after a step with the body's state.
    func take(center c: Vector, angle a: Double, velocity v: Vector, angularVelocity w: Double) {
        center = c; angle = a; velocity = v; angularVelocity = w
        velocityWasSetByHand = false
    }
}

/// The area of a simple polygon (either winding).
func polygonArea(_ points: [Vector]) -> Double {
    guard points.count >= 3 else { return 0 }
    var twice: Double = 0
    for i in points.indices {
        twice += cross(points[i], points[(i + 1) % points.count])
    }
    return abs(twice) / 2
}
