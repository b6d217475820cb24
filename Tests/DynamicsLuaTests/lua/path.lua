-- Path (UIBezierPath): drawing methods chain, makers, bounds and flattened points.
local function sameRect(r, x, y, w, h, tol)
  tol = tol or 1e-9
  near(r.x, x, tol, "x"); near(r.y, y, tol, "y"); near(r.width, w, tol, "width"); near(r.height, h, tol, "height")
end

local p = Path()
assert(p:moveTo(0, 0) == p, "methods return the path itself so calls chain")
p:lineTo(100, 0):lineTo(100, 50):close()
sameRect(p.bounds, 0, 0, 100, 50)
assert(#p.points == 1 and #p.points[1] == 3)
assert(p.points[1][2] == Point(100, 0))
assert(Path().bounds == nil, "an empty path has no bounds")
assert(tostring(p) == "Path: 1 subpath, 3 points, bounds (0, 0, 100, 50)", tostring(p))

-- points may also be given as point values
local q = Path():moveTo{0, 0}:lineTo(Point(10, 10))
sameRect(q.bounds, 0, 0, 10, 10)

-- makers, in both rect forms
sameRect(Path.rect{10, 20, 30, 40}.bounds, 10, 20, 30, 40)
sameRect(Path.rect{x = 10, y = 20, width = 30, height = 40}.bounds, 10, 20, 30, 40)
assert(#Path.rect{0, 0, 1, 1}.points[1] == 4)
local oval = Path.oval{0, 0, 100, 50}
sameRect(oval.bounds, 0, 0, 100, 50, 1e-9)
for _, pt in ipairs(oval.points[1]) do
  -- every flattened point lies on the ellipse (x-50)^2/50^2 + (y-25)^2/25^2 = 1
  near(((pt.x - 50) / 50) ^ 2 + ((pt.y - 25) / 25) ^ 2, 1, 1e-9, "oval point on the ellipse")
end
assert(#oval.points[1] > 16, "curves are flattened finely")
sameRect(Path.roundedRect({0, 0, 100, 60}, 10).bounds, 0, 0, 100, 60, 1e-9)
sameRect(Path.polygon{{0, 0}, {40, 0}, {20, 30}}.bounds, 0, 0, 40, 30)
sameRect(Path.segment({0, 0}, {30, 40}).bounds, 0, 0, 30, 40)

-- arcs: clockwise on screen (y down) from 0 to pi sweeps through +y
local down = Path():arc(0, 0, 10, 0, math.pi)
sameRect(down.bounds, -10, 0, 20, 10, 1e-9)
local up = Path():arc(0, 0, 10, 0, math.pi, false)
sameRect(up.bounds, -10, -10, 20, 10, 1e-9)

-- curves: a quadratic from (0,0) to (100,0) bent toward (50,100) peaks at y = 50
sameRect(Path():moveTo(0, 0):quadTo(50, 100, 100, 0).bounds, 0, 0, 100, 50, 1e-9)
-- a symmetric cubic with both controls at y = 100 peaks at 3/4 of that
sameRect(Path():moveTo(0, 0):curveTo(0, 100, 100, 100, 100, 0).bounds, 0, 0, 100, 75, 1e-9)

-- errors
expectError("needs a current point", function() Path():lineTo(1, 1) end)
expectError("bad argument #2 to 'lineTo' (number expected, got string)", function() Path():moveTo(0, 0):lineTo(1, "x") end)
expectError("bad argument #1 to 'moveTo' (finite number expected, got inf)", function() Path():moveTo(math.huge, 0) end)
expectError("bad argument #3 to 'arc' (radius must not be negative)", function() Path():arc(0, 0, -1, 0, 1) end)
expectError("bad argument #1 to 'rect' (rect {x, y, width, height} expected, got nothing for rect element 4 (height))",
  function() return Path.rect{0, 0, 1} end)
expectError("bad argument #1 to 'polygon' (field '[2]': point expected, got string)",
  function() return Path.polygon{{0, 0}, "x"} end)
expectError("Path.bounds is read-only", function() p.bounds = {} end)
expectError("Path has no field 'lineto' (did you mean 'lineTo'?)", function() return p.lineto end)
expectError("Path has no field 'rec' (did you mean 'rect'?)", function() return Path.rec end)
