import Dynamics
import LuaKit

/// The `Field` type (UIFieldBehavior): made by `Field.<kind>{ a, b, key = .. }` makers, one per kind.
enum FieldBinding {
    private static func field(_ s: LuaStack) throws(LuaError) -> FieldBehavior {
        try s.checkObject(1, as: FieldBehavior.self, expected: "Field")
    }

    static var description: TypeDescription<FieldBehavior> {
        TypeDescription(
            name: "Field", uikitName: "UIFieldBehavior",
            summary: "pushes its items that are inside its region, by kind: gravity, spring, electric, vortex, noise, ...",
            constructors: FieldKind.allCases.filter { $0 != .custom }.map { "Field.\($0.rawValue){ a, b, strength = 1, ... }" }
                + ["Field.custom(function(field, position, velocity, mass, charge, time) return fx, fy end, a, b)"],
            properties: [
                .items,
                .choice("kind", FieldKind.allCases.map(\.rawValue), "set by the maker", get: \.kind.rawValue),
                .point("position", "Point, pt", default: "{0, 0}",
                       "the centre of radial, spring, electric and vortex fields, of the region, and of falloff",
                       get: \.position, set: { try $0.setPosition($1) }),
                Property("region", "Region", default: "Region.infinite",
                         "only items whose centre is inside (placed at position) feel the field", option: true,
                         get: { s, f in s.push(region: f.region) },
                         set: { s, f, i, site throws(LuaError) in f.setRegion(try s.checkRegion(i, site)) }),
                .number("strength", "number", default: "1", "scales the field; negative reverses it",
                        get: \.strength, set: { try $0.setStrength($1) }),
                .number("falloff", "number", default: "0",
                        "beyond minimumRadius the force scales with (distance / 100 pt)^-falloff; 0 is uniform",
                        rule: .nonNegative, get: \.falloff, set: { try $0.setFalloff($1) }),
                .number("minimumRadius", "number, pt", default: "0.001", "nearer distances count as this in the falloff",
                        rule: .positive, get: \.minimumRadius, set: { try $0.setMinimumRadius($1) }),
                .point("direction", "vector", default: "{0, 1}",
                       "linear gravity: acceleration in units of 1000 pt/s^2; velocity: target in units of 100 pt/s",
                       get: \.direction, set: { try $0.setDirection($1) }),
                .number("smoothness", "number, 0..1", default: "0.5",
                        "noise and turbulence: 0 gives features about 50 pt across, 1 about 500 pt",
                        get: \.smoothness, set: { try $0.setSmoothness($1) }),
                .number("animationSpeed", "number, Hz", default: "1",
                        "noise and turbulence: how fast the pattern changes; 0 freezes it",
                        rule: .nonNegative, get: \.animationSpeed, set: { try $0.setAnimationSpeed($1) }),
                Property("seed", "integer", default: "0", "noise and turbulence: another seed, another pattern",
                         option: true, get: { s, f in s.push(f.seed) },
                         set: { s, f, i, site throws(LuaError) in
                             guard s.isInteger(at: i), let n = s.integer(at: i) else {
                                 throw site.error("integer expected, got \(s.typeName(at: i))")
                             }
                             f.setSeed(Int(n))
                         }),
            ] + BehaviorCommon.commonProperties(),
            methods: BehaviorCommon.itemMethods + BehaviorCommon.methods,
            describe: { f in
                var detail = "\(f.kind.rawValue) strength=\(NumberText.short(f.strength))"
                if f.falloff != 0 { detail += " falloff=\(NumberText.short(f.falloff))" }
                if f.kind != .linearGravity && f.kind != .velocity {
                    detail += " at (\(NumberText.short(f.position.x)), \(NumberText.short(f.position.y)))"
                }
                if f.region != .infinite { detail += " region=\(f.region.description)" }
                return BehaviorCommon.describe(f, detail)
            },
            construct: nil,
            statics: statics)
    }

    /// `Field.<kind>{ a, b, key = .. }` or `Field.<kind>(a, b)` for each kind but custom, and `Field.custom(fn, ...)`.
    private static var statics: [(String, LuaFunction)] {
        FieldKind.allCases.filter { $0 != .custom }.map { kind in
            (kind.rawValue, { s throws(LuaError) in
                try BehaviorCommon.construct(s, description) { items, _ throws(LuaError) in
                    try dynamics { () throws(DynamicsError) in try FieldBehavior(kind: kind, items: items) }
                }
            })
        } + [("custom", custom)]
    }

    /// `Field.custom(fn)`, `Field.custom(fn, a, b)` or `Field.custom(fn, { a, b, key = .. })`: `fn(field, position,
    /// velocity, mass, charge, time)` returns the force on one item (mass x pt/s^2) as two numbers or a point.
    private static func custom(_ s: LuaStack) throws(LuaError) -> Int32 {
        guard s.type(at: 1) == .function else {
            throw LuaError.argument(1, "function expected, got \(s.typeName(at: 1))")
        }
        guard let host = DynamicsHost.of(s) else { throw LuaError("custom: the dynamics API is not open") }
        s.pushCopy(of: 1)
        let callback = Callback(ref: s.popReference())
        s.remove(at: 1)
        let context = host.callbacks
        return try BehaviorCommon.construct(s, description) { items, _ throws(LuaError) in
            FieldBehavior(items: items) { field, position, velocity, mass, charge, time in
                guard let stack = context.activeStack else {
                    throw DynamicsError("custom field: no Lua state is stepping the animator")
                }
                return try force(stack, callback, field, position, velocity, mass, charge, time)
            }
        }
    }

    /// Calls the custom field's function for one item and reads its force.
    private static func force(_ s: LuaStack, _ callback: Callback, _ field: FieldBehavior, _ position: Vector,
                              _ velocity: Vector, _ mass: Double, _ charge: Double, _ time: Double) throws(LuaError) -> Vector {
        let base = s.top
        defer { s.top = base }
        callback.ref.push(on: s)
        s.push(behavior: field)
        s.push(point: position)
        s.push(point: velocity)
        s.push(mass)
        s.push(charge)
        s.push(time)
        do throws(LuaError) {
            try s.call(arguments: 6, results: 2)
        } catch {
            if LuaInterrupt.isInterruption(error) { throw error }
            throw LuaError("error in custom field: \(error.message)")
        }
        if s.type(at: -2) == .number {
            guard let x = s.number(at: -2), let y = s.number(at: -1), s.type(at: -1) == .number else {
                throw LuaError("custom field must return two numbers or a point, got number and \(s.typeName(at: -1))")
            }
            return Vector(x, y)
        }
        guard s.isNil(at: -1), s.type(at: -2) == .table || s.type(at: -2) == .userdata else {
            throw LuaError("custom field must return two numbers or a point, got \(s.typeName(at: -2))")
        }
        do throws(LuaError) {
            return try s.checkPoint(-2, .arg(0))
        } catch {
            throw LuaError("custom field must return two numbers or a point (\(error.message))")
        }
    }

    static var type: BoundType { description.boundType }
}
