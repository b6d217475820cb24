import Dynamics
import LuaKit

extension LuaStack {
    func push(viewController vc: ViewController) { push(object: vc, className: ViewControllerBinding.className) }

    func checkViewController(_ index: Int32, _ site: Site) throws(LuaError) -> ViewController {
        guard let vc = object(at: index, as: ViewController.self) else {
            throw site.error("ViewController expected, got \(typeName(at: index))")
        }
        return vc
    }
}

/// The `ViewController` binding (UIViewController, as far as a transition needs it).
enum ViewControllerBinding {
    static let className = "ViewController"

    /// `ViewController{ title = "Home", color = "white", views = { ... }, size = {320, 568} }`.
    static func construct(_ s: LuaStack) throws(LuaError) -> Int32 {
        try s.checkType(1, .table, site: .arg(1))
        let o = OptionTable(s, at: 1, arg: 1, typeName: className)
        try o.checkKeys(["title", "color", "views", "size"], allowsArray: false)
        let title = try o.string("title") ?? "controller"
        let color = try o.value("color") { s, i, site throws(LuaError) in try s.checkColor(i, site) }
        let size = try o.size("size") ?? Vector(320, 568)
        var views: [DynamicItem] = []
        if o.has("views") {
            s.rawGet(1, field: "views")
            defer { s.pop() }
            let list = s.top
            guard s.type(at: list) == .table else {
                throw LuaError.argument(1, "field 'views': array of View expected, got \(s.typeName(at: list))")
            }
            for i in stride(from: 1, through: s.rawLength(list), by: 1) {
                s.rawGet(list, index: i)
                defer { s.pop() }
                guard let v = s.object(at: -1, as: DynamicItem.self) else {
                    throw LuaError.argument(1, "field 'views': element \(i) is not a View (got \(s.typeName(at: -1)))")
                }
                views.append(v)
            }
        }
        let vc = try dynamics(argument: 1) { () throws(DynamicsError) in
            try ViewController(title: title, color: color, size: size, views: views)
        }
        s.push(viewController: vc)
        return 1
    }

    static var description: TypeDescription<ViewController> {
        TypeDescription(
            name: className, uikitName: "UIViewController",
            summary: "a title and a root view holding the controller's views, shown and hidden by transitions",
            constructors: ["ViewController{ title = \"Home\", color = \"white\", views = { v1, v2 }, size = {320, 568} }"],
            properties: [
                Property("title", "string", default: "\"controller\"", "shown by tostring and as the root view's name",
                         get: { s, vc in s.push(vc.title) },
                         set: { s, vc, i, site throws(LuaError) in
                             guard let text = s.string(at: i), s.type(at: i) == .string else {
                                 throw site.error("string expected, got \(s.typeName(at: i))")
                             }
                             vc.title = text
                         }),
                Property("view", "View", "the root view (the container's size in a transition); the views are its subviews",
                         get: { s, vc in s.push(view: vc.view) }),
            ],
            methods: [],
            describe: { vc in "ViewController \"\(vc.title)\" views=\(vc.view.subviews.count)" },
            construct: construct)
    }

    static var type: BoundType { description.boundType }
}
