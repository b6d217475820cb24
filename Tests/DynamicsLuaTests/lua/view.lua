-- View: a dynamic item (API.md "View").
local v = View{ center = {160, 443}, size = {100, 50}, name = "red", color = "red" }
assert(v.center == Point(160, 443) and v.angle == 0)
assert(v.size.width == 100 and v.size.height == 50)
local b = v.bounds
assert(b.x == 0 and b.y == 0 and b.width == 100 and b.height == 50)
local f = v.frame
assert(f.x == 110 and f.y == 418 and f.width == 100 and f.height == 50)
assert(v.name == "red" and v.color == "red" and v.shape == "rectangle")
assert(v.velocity == Point(0, 0) and v.angularVelocity == 0)
assert(v.animator == nil)
near(v.mass, 0.5, 1e-12, "100x50 at density 1")
assert(tostring(v) == 'View "red" center=(160.0, 443.0) angle=0.00 v=(0.0, 0.0)', tostring(v))

-- the frame form, named forms, and an ellipse's mass from its area
local e = View{ frame = {x = 0, y = 0, width = 100, height = 100}, shape = "ellipse" }
assert(e.center == Point(50, 50))
near(e.mass, math.pi / 4, 1e-12, "ellipse mass")
-- a capsule: its rectangle with the shorter sides rounded, 200 x 100 less the corners of radius 50
local pill = View{ center = {0, 0}, size = {200, 100}, shape = "capsule" }
assert(pill.shape == "capsule")
near(pill.mass, (200 * 100 - (4 - math.pi) * 50 ^ 2) / 10000, 1e-12, "capsule mass")
assert(e.name:match("^view%d+$"), "unnamed views get a numbered name: " .. e.name)

-- a rotated square's frame grows to its diagonal
local r = View{ center = {0, 0}, size = {100, 100}, angle = math.pi / 4 }
near(r.frame.width, 100 * math.sqrt(2), 1e-9, "rotated frame width")

-- a path shape: a convex outline relative to the centre; its size is its bounding box
local tri = View{ center = {50, 50}, shape = Path.polygon{{-30, 20}, {30, 20}, {0, -20}} }
assert(tri.size.width == 60 and tri.size.height == 40)
near(tri.mass, 0.5 * 60 * 40 / 10000, 1e-12, "triangle mass from its area")
assert(getmetatable(tri.shape).__name == "Path")

-- writable fields
v.center = {10, 20}; assert(v.center == Point(10, 20))
v.angle = 0.5; assert(v.angle == 0.5)
v.velocity = Point(3, 4); assert(v.velocity == Point(3, 4))
v.angularVelocity = -1; assert(v.angularVelocity == -1)
v.color = "#00ff00"; assert(v.color == "#00ff00")

-- errors
expectError("bad argument #1 to 'View' (field 'size': size must be positive, got 0 x 10)",
  function() return View{ center = {0, 0}, size = {0, 10} } end)
expectError("bad argument #1 to 'View' (field 'center': point {x, y} expected, got string for x)",
  function() return View{ center = {x = "a", y = 1}, size = {1, 1} } end)
expectError("View has no option 'centre' (did you mean 'center'?)",
  function() return View{ centre = {0, 0}, size = {1, 1} } end)
expectError("View needs center = {x, y} and size = {w, h}", function() return View{ size = {1, 1} } end)
expectError("'circle' is not one of 'rectangle', 'ellipse'",
  function() return View{ center = {0, 0}, size = {1, 1}, shape = "circle" } end)
expectError("bad argument #1 to 'View' (invalid path shape", function()
  return View{ center = {0, 0}, shape = Path.polygon{{0, 0}, {10, 0}, {5, 1}, {10, 10}, {0, 10}, {5, 9}} } end)
expectError("View.mass is read-only", function() v.mass = 2 end)
expectError("View has no field 'centre' (did you mean 'center'?)", function() v.centre = {0, 0} end)
expectError("View has no field 'velocty' (did you mean 'velocity'?)", function() return v.velocty end)
expectError("bad value for View.center (finite number expected for point element 1 (x), got", function() v.center = {0/0, 1} end)
expectError("bad value for View.angle (finite number expected, got inf)", function() v.angle = math.huge end)
