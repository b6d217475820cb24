-- Display units: animator.units, pointsPerMetre and yUp change what people are shown (printing, traces, plots,
-- pictures), never what scripts read and write.

local a = Animator{ width = 320, height = 568 }
local box = View{ center = {100, 168}, size = {40, 40}, name = "box" }
box.velocity = Point(30, -200)
a:addBehavior(ItemBehavior{ box })
assert(a.units == "points" and a.pointsPerMetre == 100 and a.yUp == false, "defaults")
assert(tostring(box) == 'View "box" center=(100.0, 168.0) angle=0.00 v=(30.0, -200.0)', tostring(box))

a.units = "metres"
assert(tostring(box) == 'View "box" center=(1.000, 1.680) m angle=0.00 rad v=(0.300, -2.000) m/s', tostring(box))
assert(tostring(a):find("Animator 3.2x5.68 m", 1, true), tostring(a))
-- scripts still read points
assert(box.center.y == 168 and box.velocity.y == -200)

-- y up: heights from the floor (the bottom of the reference bounds), velocities and angles mirrored
a.yUp = true
box.angle = 0.25
assert(tostring(box) == 'View "box" center=(1.000, 4.000) m angle=-0.25 rad v=(0.300, 2.000) m/s', tostring(box))
a.pointsPerMetre = 50
assert(tostring(box):find("center=(2.000, 8.000) m", 1, true), tostring(box))
a.pointsPerMetre = 100
box.angle = 0

expectError("bad value for Animator.units ('feet' is not one of 'points', 'metres')", function() a.units = "feet" end)
expectError("bad value for Animator.pointsPerMetre", function() a.pointsPerMetre = 0 end)
expectError("bad value for Animator.yUp (boolean expected, got number)", function() a.yUp = 1 end)

-- traces carry the units in their column names and values
local file = os.tmpname() .. ".csv"
a:trace{ file = file, fields = { "center", "velocity" } }
a:stopTrace()
local f = assert(io.open(file))
local header, first = f:read("l"), f:read("l")
f:close()
os.remove(file)
assert(header == "time (s),box.center.x (m),box.center.y (m),box.velocity.x (m/s),box.velocity.y (m/s)", header)
assert(first == "0.0,1.0,4.0,0.3,2.0", first)

-- the SVG grid is labelled in metres, heights counted from the floor
local svgFile = os.tmpname() .. ".svg"
a:snapshot(svgFile, { grid = true })
local svg = assert(io.open(svgFile)):read("a")
os.remove(svgFile)
assert(svg:find('class="grid"', 1, true) and svg:find("grid 1 m, x right, y up", 1, true), "grid with its scale")
-- a line at height 2 m is 200 pt above the floor: y = 368
assert(svg:find('y1="368" x2="320" y2="368"', 1, true), "grid line at 2 m")
-- the label is beside the box, right of its right edge (x = 120), not on it
local labelX = tonumber(svg:match('<text class="label" data%-name="box" x="([%d%.]+)"'))
assert(labelX and labelX > 120, "label beside the item: " .. tostring(labelX))
