-- plot(series...): a braille chart as text, its axes labelled at round steps (ranges widened to whole steps).

local function lines(text)
  local out = {}
  for line in (text .. "\n"):gmatch("(.-)\n") do out[#out + 1] = line end
  return out
end

local squares = {}
for i = 1, 10 do squares[i] = i * i end
local chart = plot(squares)
local rows = lines(chart)
-- 12 plot lines, the axis, the x labels and the legend
assert(#rows == 12 + 3, "got " .. #rows .. " lines")
assert(rows[1]:find("^100 ┤"), "the top label is the largest value, already round: " .. rows[1])
assert(rows[12]:find("^%s*0 ┤"), "the bottom label is the smallest value, 1, rounded down to 0: " .. rows[12])
for _, label in ipairs{ "20", "40", "60", "80" } do
  local found = false
  for i = 2, 11 do if rows[i]:find("^%s*" .. label .. " ┤") then found = true end end
  assert(found, "a round label " .. label .. " on the y axis")
end
-- values are plotted against 0, 1, 2, ... : x runs from 0 to 9, labelled 0, 2, ..., 10
assert(rows[14]:find("^%s*0%s+2%s+4%s+6%s+8%s+10$"), "round x labels under the axis: " .. rows[14])
assert(rows[15]:find("series 1", 1, true))
assert(not chart:find("\27", 1, true), "plain text off a terminal")

-- named series, x/y series, options
local two = plot({ name = "up", values = { 0, 1, 2 } }, { name = "down", x = { 0, 1, 2 }, y = { 5, 3, -2 } },
  { width = 40, height = 6, title = "two lines" })
local r = lines(two)
assert(r[1] == "two lines")
assert(r[2]:find("^%s*5 ┤"), r[2])
assert(r[7]:find("^%-5 ┤"), "-2 rounded down to a step of 5: " .. r[7])
assert(r[#r]:find("1 up", 1, true) and r[#r]:find("2 down", 1, true), "numbered legend without colour")
for _, line in ipairs(r) do assert(utf8.len(line) <= 40, "no line wider than the width") end

-- axis titles: what y measures above its axis, what x measures under its labels, at the right
local titled = lines(plot({ 1, 4, 9 }, { width = 40, height = 4, xTitle = "time (s)", yTitle = "speed (pt/s)" }))
assert(#titled == 4 + 5, "got " .. #titled .. " lines")
assert(titled[1]:find("^%s*↑ speed %(pt/s%)$"), titled[1])
local axisColumn = titled[2]:find("┤", 1, true)
assert(titled[1]:find("↑", 1, true) == axisColumn, "the arrow stands over the axis")
assert(titled[8]:find("time %(s%) →$"), titled[8])
assert(utf8.len(titled[8]) == utf8.len(titled[6]), "the x title ends where the axis ends")

-- a fixed y range
local fixed = lines(plot({ 1, 2, 3 }, { min = -10, max = 10 }))
assert(fixed[1]:find("^%s*10 ┤") and fixed[12]:find("^%-10 ┤"), fixed[1] .. " / " .. fixed[12])
assert(plot({ 1, 2 }, { color = true }):find("\27[", 1, true), "colour when asked")

expectError("bad argument #1 to 'plot' (series expected", function() plot(3) end)
expectError("at least one series", function() plot() end)
expectError("value 2: number expected, got string", function() plot{ 1, "two" } end)
expectError("field 'width': must be 20 to 1000", function() plot({ 1, 2 }, { width = 5 }) end)
expectError("give both min and max", function() plot({ 1, 2 }, { min = 0 }) end)
expectError("did you mean 'values'?", function() plot({ name = "a", valuse = { 1 } }, { width = 30 }) end)
expectError("needs values", function() plot({ name = "a", x = { 1 } }) end)
assert(captured(help, "plot"):find("plot(series...", 1, true))
