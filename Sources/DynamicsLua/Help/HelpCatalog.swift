/// The help texts of every bound type: what it is, its fields with units and defaults, and its UIKit name.
/// Field lists here are also what completion offers and what did-you-mean searches, so they must match the bindings
/// (the Lua tests walk every listed field).
enum HelpCatalog {
    private static let behaviorFields: [FieldInfo] = [
        FieldInfo(name: "action", writable: true, kind: "function(b) or nil", defaultValue: "nil",
                  summary: "runs once per frame after the step (UIDynamicBehavior.action)"),
        FieldInfo(name: "animator", writable: false, kind: "Animator or nil", defaultValue: nil,
                  summary: "the animator this behaviour is in (UIDynamicBehavior.dynamicAnimator)"),
        FieldInfo(name: "children", writable: false, kind: "array of behaviours", defaultValue: "{}",
                  summary: "child behaviours, in order added (childBehaviors)"),
    ]
    private static let behaviorMethods: [MethodInfo] = [
        MethodInfo(name: "addChild", signature: "b:addChild(child)", summary: "adds a child behaviour (addChildBehavior)"),
        MethodInfo(name: "removeChild", signature: "b:removeChild(child)", summary: "removes a child behaviour"),
    ]
    private static let itemsField = FieldInfo(name: "items", writable: false, kind: "array of View", defaultValue: "{}",
                                              summary: "the items this behaviour acts on, in order added")
    private static let itemMethods: [MethodInfo] = [
        MethodInfo(name: "addItem", signature: "b:addItem(view)", summary: "starts acting on an item"),
        MethodInfo(name: "removeItem", signature: "b:removeItem(view)", summary: "stops acting on an item"),
    ]

    static let point = TypeInfo(
        name: "Point", uikitName: "CGPoint / CGVector",
        summary: "an immutable 2D point or vector in points; + - by points, * / by numbers, unary -, ==, tostring",
        constructors: ["Point(x, y)", "Point{x, y}  or  Point{x = .., y = ..}"],
        fields: [
            FieldInfo(name: "x", writable: false, kind: "number, pt", defaultValue: nil, summary: "horizontal, grows right"),
            FieldInfo(name: "y", writable: false, kind: "number, pt", defaultValue: nil, summary: "vertical, grows down"),
        ],
        methods: [
            MethodInfo(name: "length", signature: "p:length()", summary: "the distance from (0, 0)"),
            MethodInfo(name: "normalized", signature: "p:normalized()", summary: "the unit vector along p ((0, 0) stays)"),
            MethodInfo(name: "dot", signature: "p:dot(q)", summary: "the dot product"),
            MethodInfo(name: "distance", signature: "p:distance(q)", summary: "the distance between two points"),
            MethodInfo(name: "unpack", signature: "p:unpack()", summary: "x, y as two numbers"),
        ])

    static let view = TypeInfo(
        name: "View", uikitName: "UIView (a UIDynamicItem)",
        summary: "a rectangle, ellipse or convex path that behaviours move",
        constructors: ["View{ center = {x, y}, size = {w, h}, angle = 0, name = \"red\", color = \"red\", shape = \"rectangle\" }",
                       "View{ frame = {x, y, w, h}, ... }"],
        fields: [
            FieldInfo(name: "center", writable: true, kind: "Point, pt", defaultValue: nil,
                      summary: "where the item's centre is; writing it moves the item (updateItemUsingCurrentState)"),
            FieldInfo(name: "angle", writable: true, kind: "number, rad", defaultValue: "0",
                      summary: "rotation of its transform; positive turns clockwise on screen"),
            FieldInfo(name: "size", writable: false, kind: "size {width, height}, pt", defaultValue: nil, summary: "fixed at creation"),
            FieldInfo(name: "bounds", writable: false, kind: "rect, pt", defaultValue: nil, summary: "(0, 0, width, height)"),
            FieldInfo(name: "frame", writable: false, kind: "rect, pt", defaultValue: nil,
                      summary: "the axis-aligned box around the rotated item"),
            FieldInfo(name: "name", writable: false, kind: "string", defaultValue: "\"view1\", \"view2\", ...", summary: "shown by tostring and pictures; set when made"),
            FieldInfo(name: "color", writable: true, kind: "string", defaultValue: "nil",
                      summary: "a CSS colour name or #rrggbb, for pictures"),
            FieldInfo(name: "shape", writable: false, kind: "\"rectangle\" | \"ellipse\" | Path", defaultValue: "\"rectangle\"",
                      summary: "what it collides as (collisionBoundsType)"),
            FieldInfo(name: "velocity", writable: true, kind: "Point, pt/s", defaultValue: "(0, 0)", summary: "linear velocity"),
            FieldInfo(name: "angularVelocity", writable: true, kind: "number, rad/s", defaultValue: "0",
                      summary: "positive turns clockwise on screen"),
            FieldInfo(name: "mass", writable: false, kind: "number", defaultValue: nil,
                      summary: "density x area / 10000 (a 100x100 item of density 1 has mass 1)"),
            FieldInfo(name: "animator", writable: false, kind: "Animator or nil", defaultValue: "nil",
                      summary: "the animator whose behaviours hold it"),
        ],
        methods: [
            MethodInfo(name: "removeFromSuperview", signature: "view:removeFromSuperview()",
                       summary: "takes the item out of every behaviour of its animator"),
        ])

    static let animator = TypeInfo(
        name: "Animator", uikitName: "UIDynamicAnimator",
        summary: "runs behaviours over items, frame by frame; pauses itself when everything is at rest",
        constructors: ["Animator{ width = 320, height = 568 }  (reference bounds 0, 0, w, h)", "Animator(view)",
                       "Animator()  (no reference bounds)"],
        fields: [
            FieldInfo(name: "behaviors", writable: false, kind: "array of behaviours", defaultValue: "{}",
                      summary: "top-level behaviours in order added"),
            FieldInfo(name: "items", writable: false, kind: "array of View", defaultValue: "{}",
                      summary: "every item in any of its behaviours"),
            FieldInfo(name: "timeStep", writable: true, kind: "number, s", defaultValue: "1/60", summary: "the frame length step() uses"),
            FieldInfo(name: "substeps", writable: true, kind: "integer", defaultValue: "4", summary: "solver sub-steps per frame"),
            FieldInfo(name: "allowsSleep", writable: true, kind: "boolean", defaultValue: "true",
                      summary: "false keeps every item awake, so the animator never pauses (not in UIKit)"),
            FieldInfo(name: "isRunning", writable: false, kind: "boolean", defaultValue: nil,
                      summary: "false once every item is at rest; true again when anything changes"),
            FieldInfo(name: "elapsedTime", writable: false, kind: "number, s", defaultValue: "0",
                      summary: "simulated seconds while running"),
            FieldInfo(name: "referenceBounds", writable: false, kind: "rect or nil", defaultValue: nil,
                      summary: "(0, 0, w, h) of the reference view, or nil"),
            FieldInfo(name: "delegate", writable: true, kind: "table or nil", defaultValue: "nil",
                      summary: "{ didPause = function(self, animator) end, willResume = function(self, animator) end }"),
        ] + PicturesHelp.animatorFields,
        methods: [
            MethodInfo(name: "addBehavior", signature: "animator:addBehavior(b)", summary: "adds a behaviour"),
            MethodInfo(name: "removeBehavior", signature: "animator:removeBehavior(b)", summary: "removes a behaviour"),
            MethodInfo(name: "removeAllBehaviors", signature: "animator:removeAllBehaviors()", summary: "removes every behaviour"),
            MethodInfo(name: "itemsIn", signature: "animator:itemsIn(rect)", summary: "items whose frame meets the rect"),
            MethodInfo(name: "updateItem", signature: "animator:updateItem(view)",
                       summary: "re-reads an item's center and angle (updateItemUsingCurrentState)"),
            MethodInfo(name: "step", signature: "animator:step([dt])", summary: "advances one frame of dt seconds (default timeStep)"),
            MethodInfo(name: "run", signature: "animator:run(seconds)", summary: "steps frames of timeStep for that long"),
            MethodInfo(name: "runUntilRest", signature: "animator:runUntilRest([maxSeconds = 60])",
                       summary: "steps until the animator pauses; returns the simulated seconds"),
            MethodInfo(name: "state", signature: "animator:state()",
                       summary: "an array of { name, center, angle, velocity, angularVelocity }"),
        ] + PicturesHelp.animatorMethods)

    static let gravity = TypeInfo(
        name: "Gravity", uikitName: "UIGravityBehavior",
        summary: "accelerates its items the same whatever their mass (magnitude 1 = 1000 pt/s^2)",
        constructors: ["Gravity{ a, b, magnitude = 1, angle = math.pi / 2 }", "Gravity(a, b)"],
        fields: [itemsField,
            FieldInfo(name: "direction", writable: true, kind: "vector", defaultValue: "{0, 1}",
                      summary: "the acceleration vector in units of 1000 pt/s^2"),
            FieldInfo(name: "angle", writable: true, kind: "number, rad", defaultValue: "math.pi / 2", summary: "pi/2 is down"),
            FieldInfo(name: "magnitude", writable: true, kind: "number", defaultValue: "1", summary: "1 = 1000 pt/s^2"),
        ] + behaviorFields,
        methods: [MethodInfo(name: "setAngle", signature: "g:setAngle(angle, magnitude)", summary: "sets both at once")]
            + itemMethods + behaviorMethods)

    static let collision = TypeInfo(
        name: "Collision", uikitName: "UICollisionBehavior",
        summary: "makes its items collide with each other and with boundaries",
        constructors: ["Collision{ a, b, mode = \"everything\", translatesReferenceBoundsIntoBoundary = true }", "Collision(a, b)"],
        fields: [itemsField,
            FieldInfo(name: "mode", writable: true, kind: "\"everything\" | \"items\" | \"boundaries\"", defaultValue: "\"everything\"",
                      summary: "what the items collide with (collisionMode)"),
            FieldInfo(name: "translatesReferenceBoundsIntoBoundary", writable: true, kind: "boolean", defaultValue: "false",
                      summary: "the animator's reference bounds become a boundary (identifier nil)"),
            FieldInfo(name: "boundaryIdentifiers", writable: false, kind: "array", defaultValue: "{}",
                      summary: "identifiers of added boundaries, in order added"),
            FieldInfo(name: "delegate", writable: true, kind: "table or nil", defaultValue: "nil",
                      summary: "beganContact, endedContact, beganBoundaryContact, endedBoundaryContact (collisionDelegate)"),
            FieldInfo(name: "collisionDelegate", writable: true, kind: "table or nil", defaultValue: "nil", summary: "same as delegate"),
        ] + behaviorFields,
        methods: [
            MethodInfo(name: "setTranslatesReferenceBoundsIntoBoundary",
                       signature: "c:setTranslatesReferenceBoundsIntoBoundary(insets)",
                       summary: "the reference bounds, inset by {top, left, bottom, right}, become a boundary"),
            MethodInfo(name: "addBoundary", signature: "c:addBoundary(id, p1, p2)  or  c:addBoundary(id, path)",
                       summary: "adds (or replaces) a segment or path boundary; id is a string or number"),
            MethodInfo(name: "boundary", signature: "c:boundary(id)", summary: "the boundary's Path, or nil"),
            MethodInfo(name: "removeBoundary", signature: "c:removeBoundary(id)", summary: "removes a boundary"),
            MethodInfo(name: "removeAllBoundaries", signature: "c:removeAllBoundaries()", summary: "removes every boundary"),
        ] + itemMethods + behaviorMethods)

    static let attachment = TypeInfo(
        name: "Attachment", uikitName: "UIAttachmentBehavior",
        summary: "joins an item to an anchor point or to another item: a rod, a spring, a pin, a slider, a rope",
        constructors: ["Attachment(item, {anchor = {x, y}, offset = {dx, dy}})",
                       "Attachment(item1, item2, {offset1 = .., offset2 = ..})",
                       "Attachment.fixed(item1, item2, anchor)", "Attachment.pin(item1, item2, anchor)",
                       "Attachment.sliding(item1, item2, anchor, axis)", "Attachment.sliding(item, anchor, axis)",
                       "Attachment.limit(item1, offset1, item2, offset2)"],
        fields: [
            FieldInfo(name: "kind", writable: false, kind: "\"distance\" | \"fixed\" | \"pin\" | \"sliding\" | \"limit\"",
                      defaultValue: nil, summary: "which attachment this is (attachedBehaviorType)"),
            FieldInfo(name: "items", writable: false, kind: "array of View", defaultValue: nil, summary: "one or two items"),
            FieldInfo(name: "anchorPoint", writable: true, kind: "Point, pt", defaultValue: nil, summary: "the anchor"),
            FieldInfo(name: "length", writable: true, kind: "number, pt", defaultValue: "the distance at creation",
                      summary: "the distance kept between the attachment points"),
            FieldInfo(name: "frequency", writable: true, kind: "number, Hz", defaultValue: "0", summary: "0 = a rigid rod"),
            FieldInfo(name: "damping", writable: true, kind: "number", defaultValue: "0", summary: "damping ratio, 1 = critical"),
            FieldInfo(name: "frictionTorque", writable: true, kind: "number", defaultValue: "0", summary: "resists turning"),
            FieldInfo(name: "attachmentRange", writable: true, kind: "range", defaultValue: "{-math.huge, math.huge}",
                      summary: "points along the axis (sliding), radians (pin), distance (limit)"),
        ] + behaviorFields,
        methods: behaviorMethods)

    static let snap = TypeInfo(
        name: "Snap", uikitName: "UISnapBehavior",
        summary: "springs an item to a point, where it settles and turns back to angle 0",
        constructors: ["Snap(item, point)", "Snap(item, point, {damping = 0.5})"],
        fields: [
            FieldInfo(name: "items", writable: false, kind: "array of View", defaultValue: nil, summary: "the one item"),
            FieldInfo(name: "snapPoint", writable: true, kind: "Point, pt", defaultValue: nil, summary: "where the item goes"),
            FieldInfo(name: "damping", writable: true, kind: "number 0..1", defaultValue: "0.5",
                      summary: "0 = most oscillation, 1 = least"),
        ] + behaviorFields,
        methods: behaviorMethods)

    static let push = TypeInfo(
        name: "Push", uikitName: "UIPushBehavior",
        summary: "a force (continuous) or a kick (instantaneous) on its items",
        constructors: ["Push{ a, b, mode = \"continuous\" | \"instantaneous\", angle = 0, magnitude = 0 }"],
        fields: [itemsField,
            FieldInfo(name: "mode", writable: false, kind: "\"continuous\" | \"instantaneous\"", defaultValue: "\"continuous\"",
                      summary: "set when made"),
            FieldInfo(name: "active", writable: true, kind: "boolean", defaultValue: "true",
                      summary: "an instantaneous push fires once on the next step, then turns false"),
            FieldInfo(name: "angle", writable: true, kind: "number, rad", defaultValue: "0", summary: "0 points right"),
            FieldInfo(name: "magnitude", writable: true, kind: "number", defaultValue: "0",
                      summary: "1 gives a 100x100 density-1 item 100 pt/s^2 (or 100 pt/s at once)"),
            FieldInfo(name: "direction", writable: true, kind: "vector", defaultValue: "{0, 0}", summary: "angle and magnitude as a vector"),
        ] + behaviorFields,
        methods: [
            MethodInfo(name: "setAngle", signature: "p:setAngle(angle, magnitude)", summary: "sets both at once"),
            MethodInfo(name: "setTargetOffset", signature: "p:setTargetOffset(item, {dx, dy})",
                       summary: "where, relative to the centre, the force acts; off-centre spins the item"),
            MethodInfo(name: "targetOffset", signature: "p:targetOffset(item)", summary: "that offset, a Point"),
        ] + itemMethods + behaviorMethods)

    static let itemBehavior = TypeInfo(
        name: "ItemBehavior", uikitName: "UIDynamicItemBehavior",
        summary: "material and motion properties of its items; the one added last wins",
        constructors: ["ItemBehavior{ a, b, elasticity = 0.5, friction = 0.2, density = 1 }", "ItemBehavior(a, b)"],
        fields: [itemsField,
            FieldInfo(name: "elasticity", writable: true, kind: "number >= 0", defaultValue: "0", summary: "bounciness; 1 keeps all speed"),
            FieldInfo(name: "friction", writable: true, kind: "number >= 0", defaultValue: "0", summary: "sliding friction"),
            FieldInfo(name: "density", writable: true, kind: "number > 0", defaultValue: "1", summary: "mass per 10000 pt^2"),
            FieldInfo(name: "resistance", writable: true, kind: "number >= 0", defaultValue: "0", summary: "linear damping"),
            FieldInfo(name: "angularResistance", writable: true, kind: "number >= 0", defaultValue: "0", summary: "angular damping"),
            FieldInfo(name: "allowsRotation", writable: true, kind: "boolean", defaultValue: "true", summary: "false keeps the angle"),
            FieldInfo(name: "anchored", writable: true, kind: "boolean", defaultValue: "false",
                      summary: "an anchored item never moves but others collide with it (isAnchored)"),
            FieldInfo(name: "charge", writable: true, kind: "number", defaultValue: "0", summary: "for electric and magnetic fields"),
        ] + behaviorFields,
        methods: [
            MethodInfo(name: "addLinearVelocity", signature: "i:addLinearVelocity(item, v)", summary: "adds pt/s to an item's velocity"),
            MethodInfo(name: "linearVelocity", signature: "i:linearVelocity(item)", summary: "an item's velocity, a Point"),
            MethodInfo(name: "addAngularVelocity", signature: "i:addAngularVelocity(item, w)", summary: "adds rad/s"),
            MethodInfo(name: "angularVelocity", signature: "i:angularVelocity(item)", summary: "an item's rad/s"),
        ] + itemMethods + behaviorMethods)

    static let behavior = TypeInfo(
        name: "Behavior", uikitName: "UIDynamicBehavior",
        summary: "a composite behaviour: children and an action block",
        constructors: ["Behavior{ children = {...}, action = function(b) end }"],
        fields: behaviorFields, methods: behaviorMethods)

    static let path = TypeInfo(
        name: "Path", uikitName: "UIBezierPath",
        summary: "lines and curves, for boundaries and convex item shapes; methods chain",
        constructors: ["Path()", "Path.rect(rect)", "Path.oval(rect)", "Path.roundedRect(rect, radius)",
                       "Path.polygon{ {x, y}, ... }", "Path.segment(p1, p2)"],
        fields: [
            FieldInfo(name: "bounds", writable: false, kind: "rect, pt", defaultValue: nil, summary: "the box around its points"),
            FieldInfo(name: "points", writable: false, kind: "array of arrays of Point", defaultValue: nil,
                      summary: "the flattened points of each subpath"),
        ],
        methods: [
            MethodInfo(name: "moveTo", signature: "path:moveTo(x, y)", summary: "starts a subpath"),
            MethodInfo(name: "lineTo", signature: "path:lineTo(x, y)", summary: "a straight line"),
            MethodInfo(name: "quadTo", signature: "path:quadTo(cx, cy, x, y)", summary: "a quadratic curve"),
            MethodInfo(name: "curveTo", signature: "path:curveTo(c1x, c1y, c2x, c2y, x, y)", summary: "a cubic curve"),
            MethodInfo(name: "arc", signature: "path:arc(cx, cy, r, a0, a1 [, clockwise = true])",
                       summary: "a circular arc (clockwise on screen by default, as UIKit)"),
            MethodInfo(name: "close", signature: "path:close()", summary: "closes the subpath"),
        ])

    /// Every bound type, in the order `help()` lists them.
    static let all: [TypeInfo] = [animator, view, gravity, collision, attachment, snap, push, itemBehavior, behavior, path, point]

    /// The type called `name`.
    static func type(named name: String) -> TypeInfo? { all.first { $0.name == name } }

    /// What `help()` prints: the globals.
    static var overview: String {
        var lines = ["LuaDynamics: UIKit Dynamics in Lua. Globals (also require \"luadyn\"):"]
        for type in all {
            let padded = type.name.padding(toLength: 13)
            lines.append("  \(padded)\(type.summary)")
        }
        lines.append(PicturesHelp.overviewLine)
        lines.append(CurrentAnimator.overviewLine)
        lines.append("  help         help(), help(Gravity), help(g), help(\"magnitude\")")
        lines.append("Units: points, seconds, radians; y grows downward; angle pi/2 points down.")
        return lines.joined(separator: "\n")
    }

    /// Help for a name: a type, or every type's field or method of that name; nil when nothing matches.
    static func text(for name: String) -> String? {
        if let type = type(named: name) { return type.helpText }
        if name == "plot" { return PicturesHelp.plot }
        if name == "use" { return CurrentAnimator.help }
        if name == "help" { return "help(): the globals; help(Type), help(object), help(\"field\"): what it is" }
        var lines: [String] = []
        for type in all {
            if let field = type.field(name) { lines.append("\(type.name).\(field.line)") }
            if let method = type.methods.first(where: { $0.name == name }) {
                lines.append("\(method.signature)  — \(method.summary)  [\(type.name)]")
            }
        }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    /// The globals that are plain functions rather than types; `help(f)` finds them by identity.
    static let globalFunctionNames = ["help", "plot", "use"]

    /// Every type, field and method name, for suggestions.
    static var allNames: [String] {
        var names: [String] = []
        for type in all {
            for name in [type.name] + type.fieldNames + type.methodNames where !names.contains(name) { names.append(name) }
        }
        return names
    }
}

extension String {
    /// The string padded with spaces on the right to `length` characters (never truncated).
    func padding(toLength length: Int) -> String {
        count >= length ? self + " " : self + String(repeating: " ", count: length - count)
    }
}
