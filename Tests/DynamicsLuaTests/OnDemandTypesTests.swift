import Testing
import LuaKit
@testable import DynamicsLua

/// The bound types are built on first use: these check that a class table nobody touched yet behaves as a built
/// one does, whichever way it is first reached, and that opening the API builds none of them.
@Suite struct OnDemandTypesTests {
    /// A state with the API open and nothing run yet.
    func freshState() -> LuaState {
        let lua = LuaState()
        openDynamics(lua)
        return lua
    }

    /// The string the chunk returns.
    func string(_ lua: LuaState, _ chunk: String) throws -> String? {
        let count = try lua.run(chunk, name: "=test")
        defer { lua.stack.pop(count) }
        return lua.stack.string(at: -1)
    }

    /// The message of the error the chunk raises (its first line), or nil when it runs.
    func failure(_ lua: LuaState, _ chunk: String) -> String? {
        do {
            let count = try lua.run(chunk, name: "=test")
            lua.stack.pop(count)
            return nil
        } catch {
            return error.message.split(separator: "\n").first.map(String.init)
        }
    }

    /// How many types still wait to be built.
    func pendingCount(_ lua: LuaState) -> Int {
        let s = lua.stack
        s.pushRegistryValue(OnDemandTypes.pendingKey)
        defer { s.pop() }
        var count = 0
        s.pushNil()
        while s.next(-2) {
            count += 1
            s.pop()
        }
        return count
    }

    @Test func registryNamesAgreeWithTheDescriptions() {
        #expect(typeRegistry.count == boundTypes.count)
        for entry in typeRegistry {
            let type = entry.make()
            #expect(type.info.name == entry.name)
            #expect((type.constructor != nil) == entry.callable, "\(entry.name): callable is \(entry.callable)")
            #expect(type.swiftClass.map(ObjectIdentifier.init) == entry.swiftClass().map(ObjectIdentifier.init),
                    "\(entry.name): swiftClass")
        }
    }

    @Test func openingBuildsNoType() throws {
        let lua = freshState()
        let waiting = typeRegistry.count
        #expect(pendingCount(lua) == waiting)
        // Every global is there, and the module holds the same tables.
        for entry in typeRegistry {
            #expect(try string(lua, "return type(\(entry.name))") == "table")
            #expect(try string(lua, "return tostring(\(entry.name) == require('luadyn').\(entry.name))") == "true")
        }
        #expect(pendingCount(lua) == waiting)
    }

    @Test func eachFirstUseGivesWhatABuiltTypeGives() throws {
        // What each expression gives on a state where every type was built first.
        let built = freshState()
        buildAllDynamicsTypes(built)
        #expect(pendingCount(built) == 0)
        let firstUses = [
            "return tostring(Attachment)",
            "return type(Attachment.fixed)",
            "local names = {} for k in pairs(Path) do names[#names + 1] = k end table.sort(names) return table.concat(names, ',')",
            "return tostring(Gravity(View{ center = {1, 2}, size = {3, 4} }).magnitude)",
            "return tostring(Region.infinite)",
            "Snap.extra = 5 return tostring(rawget(Snap, 'extra'))",
            "return tostring(Animator{ width = 100, height = 100 }.timeStep)",
        ]
        for chunk in firstUses {
            let expected = try string(built, chunk)
            #expect(expected != nil)
            #expect(try string(freshState(), chunk) == expected, "\(chunk)")
        }
        let firstErrors = [
            "return Attachment.fixd",
            "return Gravity(1, 2, 3)",
            "return Field()",
            // Through pcall Lua finds no name for the constructor: the one it was given is used.
            "local ok, message = pcall(Animator, 1) if ok then return 'ran' end error(message, 0)",
        ]
        for chunk in firstErrors {
            let expected = failure(built, chunk)
            #expect(expected != nil, "\(chunk) raised nothing")
            #expect(failure(freshState(), chunk) == expected, "\(chunk)")
        }
    }

    @Test func anInstanceReachedFirstBuildsItsType() throws {
        let lua = freshState()
        // A collection layout makes its cells' attributes: LayoutAttributes was never named before.
        let text = try string(lua, """
            local layout = CollectionLayout{ count = 2, itemSize = {100, 20}, width = 120, height = 200 }
            local a = layout:attributes(1)
            return tostring(getmetatable(a).__name) .. ' ' .. type(a)
            """)
        #expect(text == "LayoutAttributes userdata")
        // Its class table was built with it: raw reads now see the built table and its metatable.
        #expect(try string(lua, "return tostring(getmetatable(LayoutAttributes).__fields ~= nil)") == "true")
    }

    @Test func aPointMadeFirstBuildsItsType() throws {
        let lua = freshState()
        // A view's centre is a Point value: its metatable (found by key, not by name) must be there.
        let text = try string(lua, """
            local p = View{ center = {3, 4}, size = {1, 1} }.center
            return tostring(p) .. ' ' .. tostring(p + p) .. ' ' .. p:length() .. ' ' .. tostring(getmetatable(p).__name)
            """)
        let expected = try string({ let built = freshState(); buildAllDynamicsTypes(built); return built }(), """
            local p = View{ center = {3, 4}, size = {1, 1} }.center
            return tostring(p) .. ' ' .. tostring(p + p) .. ' ' .. p:length() .. ' ' .. tostring(getmetatable(p).__name)
            """)
        #expect(text == expected)
        #expect(text?.hasSuffix(" 5.0 Point") == true, "\(text ?? "nil")")
    }

    @Test func helpNamesATypeNotBuiltYet() throws {
        let lua = freshState()
        _ = try lua.run("shown = {} print = function(text) shown[#shown + 1] = text end help(Snap)", name: "=test")
        let text = try string(lua, "return shown[1]")
        #expect(text?.contains("Snap") == true)
        #expect(text?.contains("UISnapBehavior") == true)
    }
}
