-- Values that would put infinities or NaN into the world, or lose what was asked for, are refused with a message
-- naming the function and the argument.

-- Sizes beyond 10,000 km and densities beyond 1e12 would overflow mass and inertia.
expectError("bad argument #1 to 'View' (width must be at most", View, { center = {0, 0}, size = {2e9, 10} })
local huge = Path.polygon{ {-1e150, -1e150}, {1e150, -1e150}, {0, 1e150} }
expectError("bad argument #1 to 'View'", View, { center = {0, 0}, shape = huge })
expectError("bad argument #1 to 'ItemBehavior' (field 'density': density must be at most", ItemBehavior, { density = 1e308 })
local v = View{ center = {0, 100}, size = {100, 100} }
local heavy = ItemBehavior{ v, density = 1e12 }
expectError("bad value for ItemBehavior.density", function() heavy.density = 1e300 end)
local a = Animator()
a:addBehavior(heavy)
a:addBehavior(Gravity{ v })
a:run(0.5)
assert(v.mass == 1e12, "the largest density is allowed")
assert(a.kineticEnergy == a.kineticEnergy and a.kineticEnergy < math.huge, "finite energy at the limits")
assert(v.center.y == v.center.y, "finite centre")

-- A file name with a NUL in it would be cut short where the system reads it.
expectError("bad argument #1 to 'snapshot' (file name must not contain a NUL character)",
  function() a:snapshot("frame\0.svg") end)
expectError("field 'file': file name must not contain a NUL character", function() a:trace{ file = "t\0.csv" } end)

-- Integer boundary identifiers beyond 2^53 stay distinct, and come back as the integers they were.
local c = Collision{}
local big = math.tointeger(2^53)
c:addBoundary(big, {0, 0}, {1, 1})
c:addBoundary(big + 1, {0, 0}, {2, 2})
assert(#c.boundaryIdentifiers == 2 and c.boundaryIdentifiers[2] == big + 1 and math.type(c.boundaryIdentifiers[2]) == "integer")
assert(c:boundary(big + 1) and c:boundary(big) and c:boundary(big + 2) == nil)
-- Small ones are the same key whether written 7 or 7.0, as in a Lua table.
c:addBoundary(7, {0, 0}, {1, 1})
c:addBoundary(7.0, {0, 0}, {1, 2})
assert(#c.boundaryIdentifiers == 3)

-- Colours are checked when given, with the nearest name suggested.
expectError("field 'color': 'redd' is not a CSS colour name or #rrggbb (did you mean 'red'?)",
  View, { center = {0, 0}, size = {1, 1}, color = "redd" })
local coloured = View{ center = {0, 0}, size = {1, 1}, color = "#f80" }
expectError("bad value for View.color ('bleu' is not a CSS colour name or #rrggbb (did you mean 'blue'?))",
  function() coloured.color = "bleu" end)
coloured.color = "SteelBlue"
coloured.color = nil
assert(coloured.color == nil)

-- A constructor called through pcall still names itself.
local ok, message = pcall(View, 5)
assert(not ok and message:find("bad argument #1 to 'View'", 1, true), message)

-- A flat outline is called flat, not a zero height; run, runUntilRest and play name themselves when asked for
-- more frames than one run may take.
expectError("bad argument #1 to 'View' (invalid path shape: the polygon is degenerate",
  View, { center = {0, 0}, shape = Path.polygon{ {0, 0}, {1, 0}, {2, 0} } })
local long = Animator()
local tooLong = "(1e+300 seconds would be more than 100000000 frames"
expectError("bad argument #1 to 'run' " .. tooLong, function() long:run(1e300) end)
expectError("bad argument #1 to 'runUntilRest' " .. tooLong, function() long:runUntilRest(1e300) end)
expectError("bad argument #1 to 'play' " .. tooLong, function() long:play(1e300) end)
