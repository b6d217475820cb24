-- animator:trace{...} and stopTrace: a row for the moment tracing starts, then one per frame.

local function readLines(path)
  local out = {}
  for line in io.lines(path) do out[#out + 1] = line end
  return out
end

local function split(line)
  local out = {}
  for cell in (line .. ","):gmatch("([^,]*),") do out[#out + 1] = cell end
  return out
end

local a = Animator{ width = 320, height = 568 }
local red = View{ center = {100, 100}, size = {40, 40}, name = "red" }
local blue = View{ center = {200, 100}, size = {40, 40}, name = "blue" }
a:addBehavior(Gravity{ red, blue })

local csv = os.tmpname() .. ".csv"
assert(a:trace{ items = { red }, fields = { "center", "velocity", "angle" }, file = csv } == csv)
local states = {}
for i = 1, 20 do
  a:step()
  states[i] = { t = a.elapsedTime, x = red.center.x, y = red.center.y, vy = red.velocity.y }
end
a:run(0.25)   -- 15 more frames, traced one by one
assert(a:stopTrace() == 36, "the first row plus 35 frames")
assert(a:stopTrace() == 0, "nothing to stop twice")

local rows = readLines(csv)
assert(rows[1] == "time,red.center.x,red.center.y,red.velocity.x,red.velocity.y,red.angle", rows[1])
assert(#rows == 1 + 36, "header and 36 rows, got " .. #rows)
local first = split(rows[2])
near(tonumber(first[1]), 0, 0, "the first row is the moment tracing began")
near(tonumber(first[3]), 100, 0)
for i, s in ipairs(states) do
  local cells = split(rows[i + 2])
  near(tonumber(cells[1]), s.t, 0, "time of frame " .. i)
  near(tonumber(cells[2]), s.x, 0, "x of frame " .. i)
  near(tonumber(cells[3]), s.y, 0, "y of frame " .. i)
  near(tonumber(cells[5]), s.vy, 0, "vy of frame " .. i)
end
local last = split(rows[#rows])
near(tonumber(last[3]), red.center.y, 0, "the last row is the state now")
-- the trace is about free fall: y grows by about ½ g t²
near(tonumber(last[3]) - 100, 0.5 * 1000 * a.elapsedTime ^ 2, 10, "free fall in the trace")
os.remove(csv)

-- JSON Lines by extension; every item and field by default
local jsonl = os.tmpname() .. ".jsonl"
a:trace{ file = jsonl }
a:step()
a:step()
assert(a:stopTrace() == 3)
local lines = readLines(jsonl)
assert(#lines == 3)
assert(lines[3]:find('^{"time":'), lines[3])
assert(lines[3]:find('"name":"red"', 1, true) and lines[3]:find('"name":"blue"', 1, true))
assert(lines[3]:find('"angularVelocity":', 1, true))
os.remove(jsonl)

-- a paused animator adds no rows: only frames in which time passes count
local b = Animator()
local resting = View{ center = {0, 0}, size = {10, 10} }
b:addBehavior(Collision{ resting })
local quiet = os.tmpname() .. ".csv"
b:trace{ file = quiet, fields = { "center" } }
b:run(2)
local n = b:stopTrace()
assert(n < 120, "a resting world pauses and stops adding rows, got " .. n)
os.remove(quiet)

-- starting a new trace ends the old one
local one, two = os.tmpname() .. ".csv", os.tmpname() .. ".csv"
a:trace{ file = one }
a:step()
a:trace{ file = two }
a:step()
assert(#readLines(one) == 1 + 2, "the first trace kept its rows")
assert(a:stopTrace() == 2)
os.remove(one); os.remove(two)

expectError("bad argument #1 to 'trace' (table expected, got no value)", function() a:trace() end)
expectError("field 'file': a file name is needed", function() a:trace{} end)
expectError("did you mean 'fields'?", function() a:trace{ file = "x.csv", feilds = {} } end)
expectError("field 'fields[1]': 'centre' is not one of", function() a:trace{ file = "x.csv", fields = { "centre" } } end)
expectError("item 1: View expected, got number", function() a:trace{ file = "x.csv", items = { 3 } } end)
expectError("nothing to trace", function() Animator():trace{ file = "x.csv" } end)
expectError("cannot write '/nonexistent-folder/t.csv'", function() a:trace{ file = "/nonexistent-folder/t.csv" } end)
