import Testing
import LuaKit
import DynamicsLua

/// The fast paths of the bindings (numbered fields, value Points, direct delegate calls) behave as the general ones.

@Test func everyDocumentedViewFieldIsReadable() throws {
    let lua = try makeDynamicsState()
    try lua.run("""
        local v = View{ center = {10, 20}, size = {4, 6}, angle = 0.5 }
        local names = getmetatable(v).__fields
        assert(#names >= 12, "View documents its fields")
        for _, name in ipairs(names) do
          local ok, err = pcall(function() return v[name] end)
          assert(ok, "reading View." .. name .. " failed: " .. tostring(err))
        end
        -- Each number names its own field: the values are the item's, not a neighbour's.
        assert(v.center == Point(10, 20) and v.angle == 0.5 and v.size.width == 4 and v.size.height == 6)
        near(v.mass, 24 / 10000, 1e-15, "4 x 6 pt at density 1")
        assert(v.velocity == Point(0, 0) and v.angularVelocity == 0 and v.animator == nil)
        -- A key that is no field keeps its did-you-mean message, and numbers are not taken for field numbers.
        expectError("View has no field 'centre'", function() return v.centre end)
        expectError("View has no field '1'", function() return v[1] end)
        """, name: "=fields")
}

@Test func pointsAreValuesThatLeaveNothingBehind() throws {
    let lua = try makeDynamicsState()
    try lua.run("""
        local p = Point(3, 4)
        assert(p.x == 3 and p.y == 4 and p:length() == 5)
        assert(p == Point(3, 4) and p ~= Point(4, 3))
        expectError("Point has no field 'z'", function() return p.z end)
        expectError("Point values cannot be changed", function() p.x = 1 end)
        assert(getmetatable(p).__gc == nil, "no finaliser per Point")
        collectgarbage(); collectgarbage()
        local before = collectgarbage("count")
        local v = View{ center = {1, 2}, size = {1, 1} }
        local sum = Point(0, 0)
        for i = 1, 20000 do sum = sum + v.center end
        assert(sum == Point(20000, 40000))
        v, sum = nil, nil
        collectgarbage(); collectgarbage()
        assert(collectgarbage("count") - before < 64, "Points made in a loop are all collected")
        """, name: "=points")
}

@Test func plainTableDelegatesGetTheirArguments() throws {
    let errors = ErrorLog()
    let lua = try makeDynamicsState(collecting: errors)
    try lua.run("""
        local a = Animator{ width = 100, height = 100 }
        local v = View{ center = {50, 80}, size = {20, 20} }
        local c = Collision{ v, translatesReferenceBoundsIntoBoundary = true }
        local calls = {}
        -- endedContact is no function, but items never meet here, so it is never looked up.
        local d = { endedContact = 42 }
        function d:beganBoundaryContact(b, item, id, p) calls[#calls + 1] = { self, b, item, id, p } end
        c.delegate = d
        a:addBehavior(Gravity{ v }); a:addBehavior(c)
        a:run(1)
        assert(#calls >= 1, "the floor was hit")
        local first = calls[1]
        assert(first[1] == d and first[2] == c and first[3] == v, "self, behaviour and item are the script's values")
        assert(getmetatable(first[5]).__name == "Point")
        near(first[5].y, 100, 1, "the contact is on the floor")
        assert(first[5].x >= 40 - 1e-9 and first[5].x <= 60 + 1e-9, "the contact is under the box")
        """, name: "=delegate")
    #expect(errors.messages.isEmpty)
}

@Test func delegateMethodsThatAreNotFunctionsFailAsInLua() throws {
    let errors = ErrorLog()
    let lua = try makeDynamicsState(collecting: errors)
    try lua.run("""
        hits = 0
        local function scene(delegate)
          local a = Animator{ width = 100, height = 100 }
          local v = View{ center = {50, 80}, size = {20, 20} }
          local c = Collision{ v, translatesReferenceBoundsIntoBoundary = true }
          c.delegate = delegate
          a:addBehavior(Gravity{ v }); a:addBehavior(c)
          a:run(0.5)
        end
        scene{ beganBoundaryContact = 42 }
        scene{ beganBoundaryContact = setmetatable({}, { __call = function(t, self, b) hits = hits + 1 end }) }
        """, name: "=delegate")
    #expect(errors.messages.count == 1)
    #expect(errors.messages.first?.contains("Collision delegate 'beganBoundaryContact'") == true)
    #expect(errors.messages.first?.contains("attempt to call a number value") == true)
    try lua.run("assert(hits >= 1, 'a callable table is called as a method')", name: "=check")
}
