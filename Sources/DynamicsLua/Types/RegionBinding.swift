import Dynamics
import LuaKit

/// The Swift side of a Lua `Region`: an immutable region (operations make new ones).
final class RegionObject {
    let region: Region
    init(_ region: Region) { self.region = region }
}

extension LuaStack {
    /// Pushes `region` as a new Lua Region.
    func push(region: Region) { push(object: RegionObject(region), className: "Region") }

    /// The Region at `index`, or a `bad argument` at `site`.
    func checkRegion(_ index: Int32, _ site: Site) throws(LuaError) -> Region {
        guard let object = object(at: index, as: RegionObject.self) else {
            throw site.error("Region expected, got \(typeName(at: index))")
        }
        return object.region
    }
}

/// The `Region` binding (UIRegion): where a field acts, made from discs and rectangles by set operations.
enum RegionBinding {
    private static func region(_ s: LuaStack) throws(LuaError) -> Region {
        try s.checkObject(1, as: RegionObject.self, expected: "Region").region
    }

    /// A method combining the region with the Region at argument 2.
    private static func combining(_ make: @escaping (Region, Region) -> Region) -> LuaFunction {
        { s throws(LuaError) in
            let a = try region(s), b = try s.checkRegion(2, .arg(2))
            s.push(region: make(a, b))
            return 1
        }
    }

    static var description: TypeDescription<RegionObject> {
        TypeDescription(
            name: "Region", uikitName: "UIRegion",
            summary: "where a field acts, placed at the field's position; combine with union, difference, intersection",
            constructors: ["Region.infinite", "Region(radius)", "Region{ radius = r }", "Region{ size = {w, h} }"],
            properties: [],
            methods: [
                Method("inverse", "r:inverse()", "everywhere the region is not") { s throws(LuaError) in
                    s.push(region: .inverse(try region(s)))
                    return 1
                },
                Method("union", "r:union(other)", "points in either") { s throws(LuaError) in
                    try combining { .union($0, $1) }(s)
                },
                Method("difference", "r:difference(other)", "points in r and not in other") { s throws(LuaError) in
                    try combining { .difference($0, $1) }(s)
                },
                Method("intersection", "r:intersection(other)", "points in both") { s throws(LuaError) in
                    try combining { .intersection($0, $1) }(s)
                },
                Method("contains", "r:contains(point)",
                       "whether the point, relative to the region's centre, is inside") { s throws(LuaError) in
                    let r = try region(s)
                    s.push(r.contains(try s.checkPoint(2, .arg(2))))
                    return 1
                },
            ],
            describe: { "Region(\($0.region.description))" },
            construct: construct,
            constants: [("infinite", { s in s.push(region: .infinite) })])
    }

    /// `Region(radius)`, `Region{ radius = r }` or `Region{ size = {w, h} }`.
    private static func construct(_ s: LuaStack) throws(LuaError) -> Int32 {
        if s.type(at: 1) == .table {
            let o = OptionTable(s, at: 1, arg: 1, typeName: "Region")
            try o.checkKeys(["radius", "size"], allowsArray: false)
            if let size = try o.size("size") {
                guard !o.has("radius") else { throw LuaError.argument(1, "give radius or size, not both") }
                s.push(region: try dynamics(argument: 1) { () throws(DynamicsError) in try Region.size(size) })
                return 1
            }
            guard let r = try o.number("radius") else { throw LuaError.argument(1, "radius or size expected") }
            s.push(region: try dynamics(argument: 1) { () throws(DynamicsError) in try Region.radius(r) })
            return 1
        }
        let r = try s.checkFinite(1, .arg(1), what: "radius (number) or option table")
        s.push(region: try dynamics(argument: 1) { () throws(DynamicsError) in try Region.radius(r) })
        return 1
    }

    static var type: BoundType { description.boundType }
}
