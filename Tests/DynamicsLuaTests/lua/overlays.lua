-- The overlays every picture takes under the same names: velocities, forces, trails, energy, grid.

local a = Animator{ width = 400, height = 400 }
a.units = "metres"
local box = View{ center = {100, 100}, size = {100, 100}, name = "box" }
local floorBox = View{ center = {300, 349}, size = {100, 100}, name = "rester" }
a:addBehavior(Gravity{ box, floorBox })
a:addBehavior(Collision{ box, floorBox, translatesReferenceBoundsIntoBoundary = true })

local function read(path)
  local f = assert(io.open(path, "r"))
  local text = f:read("a")
  f:close()
  os.remove(path)
  return text
end
local function count(text, pattern)
  local n = 0
  for _ in text:gmatch(pattern) do n = n + 1 end
  return n
end

-- Energy bars under the terminal drawing, in the display units: a mass-1 box 300 pt = 3 m above the floor weighs
-- 10 N there, so its potential energy is 30 J; the other box rests at 0.51 m (5.1 J). Nothing moves yet.
local drawn = a:drawing{ width = 40, glyphs = "ascii", energy = true, grid = true }
assert(drawn:find("kinetic   ", 1, true) and drawn:find("potential ", 1, true) and drawn:find("total     ", 1, true), drawn)
assert(drawn:find("potential [# ]+ 35.1 J"), drawn)
assert(drawn:find("grid 1 m, x right, y down", 1, true), drawn)

-- Trails are kept from the first picture that asks for them.
a:drawing{ trails = true }
a:run(0.2)
local svgPath = os.tmpname() .. ".svg"
a:snapshot(svgPath, { forces = true, velocities = true, trails = true, energy = true, grid = true })
local svg = read(svgPath)
-- The falling box feels its weight (a force arrow); the resting one is held by the floor (none).
assert(count(svg, 'class="force"') == 1, svg)
assert(count(svg, 'class="velocity"') == 1, svg)
assert(count(svg, 'class="trail"') == 1, "only the falling box has gone anywhere")
assert(count(svg, 'class="energy%-bar"') == 3)
assert(svg:find('class="grid"', 1, true))

-- The replay carries the same overlays.
a:record()
a:run(0.2)
local htmlPath = os.tmpname() .. ".html"
a:exportHTML(htmlPath, { velocities = true, forces = true, energy = true, grid = true, trails = true })
local html = read(htmlPath)
for _, id in ipairs{ "velocities", "forces", "energy", "grid", "trails" } do
  assert(html:find('id="' .. id .. '"', 1, true), id)
end
assert(html:find('"f":[', 1, true) and html:find('"v":[', 1, true) and html:find('"e":[', 1, true))
a:stopRecording()

-- Bad values and unknown names are errors that name the function and the field.
expectError("bad argument #2 to 'snapshot' (field 'forces': boolean expected, got number)",
  function() a:snapshot("x.svg", { forces = 1 }) end)
expectError("bad argument #2 to 'snapshot' (field 'forceScale': number must be positive",
  function() a:snapshot("x.svg", { forceScale = -1 }) end)
expectError("bad argument #1 to 'drawing' (field 'energy': boolean expected, got string)",
  function() a:drawing{ energy = "yes" } end)
expectError("did you mean 'forces'?", function() a:drawing{ force = true } end)
expectError("did you mean 'trails'?", function() a:snapshot("x.svg", { trail = true }) end)
expectError("bad argument #2 to 'exportHTML' (field 'velocities': boolean expected, got number)",
  function() a:exportHTML("x.html", { velocities = 2 }) end)
expectError("bad argument #1 to 'draw' (field 'velocityScale': number must be positive",
  function() a:draw{ velocityScale = 0 } end)
