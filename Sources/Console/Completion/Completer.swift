import LuaKit

/// The names that can follow what the user typed, and the part of the name already typed.
public struct Completion: Equatable, Sendable {
    /// The start of the name at the cursor (what the candidates replace).
    public var partial: String
    /// Every name that starts with `partial`, sorted.
    public var candidates: [String]

    /// A completion of `partial` by `candidates`.
    public init(partial: String, candidates: [String]) {
        self.partial = partial
        self.candidates = candidates
    }

    /// The longest text every candidate starts with (at least `partial` when there are candidates).
    public var commonPrefix: String {
        guard var prefix = candidates.first else { return partial }
        for candidate in candidates.dropFirst() {
            while !candidate.hasPrefix(prefix) { prefix.removeLast() }
        }
        return prefix
    }
}

/// Completes global names, table fields (`string.fo`, `t.a.b`) and the fields and methods of userdata and
/// objects through their metatables (`__index` tables, LuaKit's `__methods` table and `__fields` array).
///
/// Tables are read raw and `__index` is followed only where it is a table, so completing never runs Lua code,
/// except to read a field of a userdata on the path (`view.center.x`), which calls its `__index` protected.
public final class Completer {
    private let state: LuaState
    private var indexer: LuaRef?
    /// How many `__index` tables are followed from one value (inheritance chains; also ends loops).
    private let maxHops = 8

    /// A completer over the globals of `state`.
    public init(state: LuaState) {
        self.state = state
    }

    /// The completion at the end of `text` (the line up to the cursor), or nil when nothing there can be completed.
    public func complete(_ text: String) -> Completion? {
        guard let request = CompletionRequest(parsing: text) else { return nil }
        return Completion(partial: request.partial, candidates: candidates(for: request))
    }

    /// The sorted names that can complete `request`.
    public func candidates(for request: CompletionRequest) -> [String] {
        let stack = state.stack
        let base = stack.top
        defer { stack.top = base }
        guard stack.ensureSpace(16) else { return [] }
        stack.pushGlobalTable()
        for name in request.path {
            guard field(name, ofTop: stack) else { return [] }
        }
        var names: [String] = []
        collectNames(stack.top, method: request.wantsMethod, hops: 0, into: &names, on: stack)
        if request.path.isEmpty { names += LuaQuoting.keywords }
        let matching = names.filter { $0.hasPrefix(request.partial) }.sorted()
        var unique: [String] = []
        for name in matching where unique.last != name { unique.append(name) }
        return unique
    }

    /// Replaces the value on top with its field `name`; false (top unchanged) when there is no such value.
    private func field(_ name: String, ofTop stack: LuaStack) -> Bool {
        let holder = stack.top
        var hops = 0
        while true {
            switch stack.type(at: -1) {
            case .table:
                if stack.rawGet(-1, field: name) != .nil { return keep(holder, on: stack) }
                stack.pop()
            case .userdata:
                return indexUserdata(name, holder: holder, on: stack)
            case .string:
                break
            default:
                stack.top = holder
                return false
            }
            // Not found in the value itself: its metatable's `__index`, when that is a table.
            guard hops < maxHops, stack.pushMetafield(of: -1, "__index") == .table else {
                stack.top = holder
                return false
            }
            hops += 1
        }
    }

    /// Leaves the value on top in place of the value at `holder` (and anything between).
    private func keep(_ holder: Int32, on stack: LuaStack) -> Bool {
        stack.insert(at: holder)
        stack.top = holder
        return true
    }

    /// `userdata[name]` through its `__index`, in protected mode; any error means "no such field".
    private func indexUserdata(_ name: String, holder: Int32, on stack: LuaStack) -> Bool {
        guard let indexer = indexFunction(on: stack) else { return false }
        indexer.push(on: stack)
        stack.pushCopy(of: holder)
        stack.push(name)
        do {
            try stack.call(arguments: 2, results: 1)
        } catch {
            stack.top = holder
            return false
        }
        if stack.isNil(at: -1) {
            stack.top = holder
            return false
        }
        return keep(holder, on: stack)
    }

    private func indexFunction(on stack: LuaStack) -> LuaRef? {
        if let indexer { return indexer }
        do {
            try stack.load("local object, key = ... return object[key]", name: "=completion")
        } catch {
            return nil
        }
        indexer = stack.popReference()
        return indexer
    }

    /// Adds the names offered for the value at `index`: its own string keys (only functions after `:`), then
    /// through its metatable `__methods`, `__fields` (not after `:`) and the names of an `__index` table.
    private func collectNames(_ index: Int32, method: Bool, hops: Int, into names: inout [String], on stack: LuaStack) {
        let index = stack.absolute(index)
        if stack.type(at: index) == .table {
            stack.pushNil()
            while stack.next(index) {
                if let key = stack.string(at: -2), LuaQuoting.isIdentifier(key),
                   !method || isCallable(-1, on: stack) {
                    names.append(key)
                }
                stack.pop()
            }
        }
        if stack.pushMetafield(of: index, "__methods") == .table {
            collectKeys(-1, into: &names, on: stack)
        }
        stack.pop()
        if !method {
            if stack.pushMetafield(of: index, "__fields") == .table {
                for i in 0..<stack.rawLength(-1) {
                    stack.rawGet(-1, index: i + 1)
                    if let name = stack.string(at: -1) { names.append(name) }
                    stack.pop()
                }
            }
            stack.pop()
        }
        if hops < maxHops, stack.pushMetafield(of: index, "__index") == .table {
            collectNames(-1, method: method, hops: hops + 1, into: &names, on: stack)
        }
        stack.pop()
    }

    private func collectKeys(_ table: Int32, into names: inout [String], on stack: LuaStack) {
        let table = stack.absolute(table)
        stack.pushNil()
        while stack.next(table) {
            if let key = stack.string(at: -2), LuaQuoting.isIdentifier(key) { names.append(key) }
            stack.pop()
        }
    }

    /// Functions, and values whose metatable has `__call`.
    private func isCallable(_ index: Int32, on stack: LuaStack) -> Bool {
        if stack.type(at: index) == .function { return true }
        let callable = stack.pushMetafield(of: index, "__call") != .nil
        stack.pop()
        return callable
    }
}
