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

        s.newTable(record: Int32(boundTypes.count + 1))
        let module = s.top
        for type in boundTypes {
            try state.install(type)
            s.pushCopy(of: -1)
            s.setGlobal(type.info.name)
            s.rawSet(module, field: type.info.name)
        }
        try PictureSessions.install(state, host)
        s.push(function: PlotBinding.function)
        s.pushCopy(of: -1)
        s.setGlobal("plot")
        s.rawSet(module, field: "plot")
        s.push(function: CurrentAnimator.use)
        s.pushCopy(of: -1)
        s.setGlobal("use")
        s.rawSet(module, field: "use")
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

/// Every bound type, in the order they are installed and help lists them: the one registry of Lua types.
var boundTypes: [BoundType] { [
    AnimatorBinding.type,
    ViewBinding.type,
    GravityBinding.type,
    CollisionBinding.type,
    AttachmentBinding.type,
    SnapBinding.type,
    PushBinding.type,
    ItemBehaviorBinding.type,
    CompositeBinding.type,
    PathBinding.type,
    PointBinding.type,
] }
