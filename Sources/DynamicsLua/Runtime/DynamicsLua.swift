import Dynamics
import LuaKit

/// Opens the LuaDynamics API in `state`: the globals of API.md (`Animator, View, Gravity, ...`, `help`),
/// the same table from `require "luadyn"`, and the host that collects callback errors.
///
/// Call once per state, before running scripts. The returned host is also found later with `DynamicsHost.of(state)`.
@discardableResult
public func openDynamics(_ state: LuaState) -> DynamicsHost {
    if let existing = DynamicsHost.of(state) { return existing }
    let s = state.stack
    let base = s.top
    defer { s.top = base }
    let host = DynamicsHost()
    // defineClass only fails on programming errors (it throws nothing today); a half-opened API would be worse
    // than none, so a failure leaves the globals unset and is reported through the host.
    do throws(LuaError) {
        try state.defineClass(LuaClassSpec(name: DynamicsHost.className))
        s.push(object: host, className: DynamicsHost.className)
        s.setRegistryValue(DynamicsHost.registryKey)
        state.attach(host, for: DynamicsHost.registryKey)

        s.newTable(record: Int32(typeRegistry.count + 4))
        let module = s.top
        // Each type's class table is made now, so the globals are all there; what is behind it (its description,
        // its metatables) is built on the type's first use (`OnDemandTypes`).
        OnDemandTypes.prepare(state)
        for entry in typeRegistry {
            OnDemandTypes.pushClassTable(entry, on: s)
            s.pushCopy(of: -1)
            s.setGlobal(entry.name)
            s.rawSet(module, field: entry.name)
        }
        try PictureSessions.install(state, host)
        let functions: [(String, LuaFunction)] = [("plot", PlotBinding.function), ("use", CurrentAnimator.use)]
        for (name, function) in functions {
            s.push(function: function, name: name)
            s.pushCopy(of: -1)
            s.setGlobal(name)
            s.rawSet(module, field: name)
        }
        HelpBinding.push(on: s)
        s.pushCopy(of: -1)
        s.setGlobal("help")
        s.rawSet(module, field: "help")
        // require "luadyn" finds the module already loaded.
        if s.getGlobal("package") == .table, s.rawGet(-1, field: "loaded") == .table {
            s.pushCopy(of: module)
            s.rawSet(-2, field: "luadyn")
        }
    } catch {
        host.reportCallbackError("luadyn: could not open the dynamics API: \(error.message)")
    }
    return host
}

/// Builds every bound type `openDynamics` left to be built on first use, for readers that look into class tables
/// raw (the REPL's completion of `Attachment.` lists the fields it finds there).
public func buildAllDynamicsTypes(_ state: LuaState) {
    do throws(LuaError) {
        try OnDemandTypes.buildAll(on: state.stack)
    } catch {
        DynamicsHost.of(state)?.reportCallbackError("luadyn: could not open the dynamics API: \(error.message)")
    }
}

/// Every bound type, in the order they are installed and help lists them: the one registry of Lua types.
var boundTypes: [BoundType] { typeRegistry.map { $0.make() } }

/// The bound types by name, each built only when asked (see `OnDemandTypes`). The name, `callable` and `swiftClass`
/// repeat what the description says, so the global can exist (and a behaviour be named) before the description is
/// built; a test checks they agree.
let typeRegistry: [TypeRegistryEntry] = [
    TypeRegistryEntry("Animator", swiftClass: Animator.self) { AnimatorBinding.type },
    TypeRegistryEntry("View", swiftClass: DynamicItem.self) { ViewBinding.type },
    TypeRegistryEntry("Gravity", swiftClass: GravityBehavior.self) { GravityBinding.type },
    TypeRegistryEntry("Collision", swiftClass: CollisionBehavior.self) { CollisionBinding.type },
    TypeRegistryEntry("Attachment", swiftClass: AttachmentBehavior.self) { AttachmentBinding.type },
    TypeRegistryEntry("Snap", swiftClass: SnapBehavior.self) { SnapBinding.type },
    TypeRegistryEntry("Push", swiftClass: PushBehavior.self) { PushBinding.type },
    TypeRegistryEntry("ItemBehavior", swiftClass: DynamicItemBehavior.self) { ItemBehaviorBinding.type },
    TypeRegistryEntry("Behavior", swiftClass: DynamicBehavior.self) { CompositeBinding.type },
    TypeRegistryEntry("Field", callable: false, swiftClass: FieldBehavior.self) { FieldBinding.type },
    TypeRegistryEntry("Region", swiftClass: RegionObject.self) { RegionBinding.type },
    TypeRegistryEntry("Path", swiftClass: PathObject.self) { PathBinding.type },
    TypeRegistryEntry("Point") { PointBinding.type },
    TypeRegistryEntry("ItemGroup") { ItemGroupBinding.type },
    TypeRegistryEntry("CollectionLayout", swiftClass: CollectionLayout.self) { CollectionLayoutBinding.type },
    TypeRegistryEntry("LayoutAttributes", callable: false) { LayoutAttributesBinding.type },
    TypeRegistryEntry("ViewController", swiftClass: ViewController.self) { ViewControllerBinding.type },
    TypeRegistryEntry("Transition", swiftClass: TransitionHandle.self) { TransitionBinding.type },
    TypeRegistryEntry("TransitionContext", callable: false, swiftClass: TransitionContext.self) { TransitionContextBinding.type },
    TypeRegistryEntry("PercentDrivenTransition", swiftClass: PercentDrivenTransition.self) { PercentDrivenTransitionBinding.type },
    TypeRegistryEntry("PropertyAnimator", swiftClass: PropertyAnimator.self) { PropertyAnimatorBinding.type },
]

/// One bound type in `typeRegistry`: its global's name, whether its class table is callable (a constructor), the
/// Swift class of its instances when the class names the type, and how to build it.
struct TypeRegistryEntry: Sendable {
    let name: String
    let callable: Bool
    /// A function, so that making the registry touches no class's metadata (those pages are start-up time too).
    let swiftClass: @Sendable () -> AnyObject.Type?
    let make: @Sendable () -> BoundType

    init(_ name: String, callable: Bool = true, swiftClass: @autoclosure @escaping @Sendable () -> AnyObject.Type? = nil,
         make: @escaping @Sendable () -> BoundType) {
        self.name = name; self.callable = callable; self.swiftClass = swiftClass
        self.make = make
    }
}
