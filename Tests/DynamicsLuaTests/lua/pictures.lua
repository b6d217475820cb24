-- Pictures of an animator: draw / drawing in the terminal, snapshot as SVG, record and exportHTML.

local function lines(text)
  local out = {}
  for line in (text .. "\n"):gmatch("(.-)\n") do out[#out + 1] = line end
  return out
end

local function readAll(path)
  local f = assert(io.open(path, "r"))
  local text = f:read("a")
  f:close()
  return text
end

local a = Animator{ width = 200, height = 100 }
local red = View{ center = {50, 50}, size = {40, 40}, name = "red", color = "red" }
local ball = View{ center = {150, 40}, size = {30, 30}, shape = "ellipse", name = "ball", color = "blue" }
a:addBehavior(Collision{ red, ball, translatesReferenceBoundsIntoBoundary = true })

-- draw prints exactly what drawing returns
local text = a:drawing{ width = 40 }
assert(captured(function() a:draw{ width = 40 } end) == text, "draw prints the drawing")
-- off a terminal the drawing is plain text
assert(not text:find("\27", 1, true), "no escape codes when output is not a terminal")
-- 40 cells of braille are 80 dots across; the 200 x 100 world framed with a 1% margin (2 pt a side) is 204 x 104,
-- so its aspect asks for 80 * 104 / 204 = 40.8 dots down: 11 lines of 4 dots
local rows = lines(text)
assert(#rows == 11, "expected 11 lines, got " .. #rows)
for _, row in ipairs(rows) do assert(utf8.len(row) <= 40, "a line wider than 40 cells") end
-- the height option narrows the picture to fit
assert(#lines(a:drawing{ width = 40, height = 5 }) == 5)
-- colour can be asked for explicitly (256 colours off a terminal)
assert(a:drawing{ width = 40, color = true }:find("\27[38;5;", 1, true), "colour escapes when asked")
-- ascii glyphs: only plain characters
local ascii = a:drawing{ width = 40, glyphs = "ascii", labels = false }
assert(not ascii:find("[\128-\255]"), "ascii drawing has only ASCII")
assert(ascii:find(":", 1, true), "ascii drawing lights some cells")

expectError("bad argument #1 to 'drawing' (field 'width': must be 1 to 2000, got 0)", function() a:drawing{ width = 0 } end)
expectError("bad argument #1 to 'drawing' (field 'glyphs': 'brail' is not one of", function() a:drawing{ glyphs = "brail" } end)
expectError("did you mean 'width'?", function() a:drawing{ widht = 10 } end)
expectError("bad argument #1 to 'draw' (table expected, got number)", function() a:draw(5) end)
expectError("bad argument #1 to 'draw' (Animator expected, got number)", function() a.draw(5) end)

-- snapshot writes an SVG with one shape per item
local svgPath = os.tmpname() .. ".svg"
assert(a:snapshot(svgPath, { velocities = true, contacts = true }) == svgPath)
local svg = readAll(svgPath)
assert(svg:find("<svg", 1, true) and svg:find("</svg>", 1, true))
local shapes = 0
for _ in svg:gmatch('class="item"') do shapes = shapes + 1 end
assert(shapes == 2, "one shape per item, got " .. shapes)
assert(svg:find('<rect class="item" data-name="red"', 1, true), "the square is a rect")
assert(svg:find('<ellipse class="item" data-name="ball"', 1, true), "the ball is an ellipse")
assert(svg:find('viewBox="0.000 0.000 200.000 100.000"', 1, true) or svg:find('viewBox="0 0 200 100"', 1, true),
  "the view box is the reference bounds")
os.remove(svgPath)
expectError("bad argument #1 to 'snapshot' (file name expected, got no value)", function() a:snapshot() end)
expectError("snapshot writes SVG: name the file .svg (got 'x.png'", function() a:snapshot("x.png") end)
expectError("bad argument #2 to 'snapshot' (field 'velocities': boolean expected, got number)",
  function() a:snapshot("x.svg", { velocities = 1 }) end)
expectError("cannot write '/nonexistent-folder/x.svg'", function() a:snapshot("/nonexistent-folder/x.svg") end)

-- record / stopRecording / exportHTML
expectError("nothing recorded yet", function() a:exportHTML(os.tmpname()) end)
assert(a.isRecording == false)
-- a world that never comes to rest (a paused animator adds no frames): one item falling freely
a = Animator{ width = 200, height = 100 }
local faller = View{ center = {100, 10}, size = {10, 10}, name = "faller" }
a:addBehavior(Gravity{ faller })
a:record()
assert(a.isRecording == true)
for _ = 1, 30 do a:step() end
a:run(0.5)         -- 30 more frames, recorded one by one
local frames = a:stopRecording()
assert(a.isRecording == false)
assert(frames == 61, "the first frame plus 60 stepped frames, got " .. frames)
assert(a:stopRecording() == 0, "nothing to stop twice")
local htmlPath = os.tmpname() .. ".html"
assert(a:exportHTML(htmlPath, { trails = true, speed = 0.5 }) == htmlPath)
local html = readAll(htmlPath)
assert(html:find("<!DOCTYPE html>", 1, true) and html:find("var REPLAY", 1, true))
assert(not html:find("<script src", 1, true), "self-contained: loads no scripts")
local frameRecords = 0
for _ in html:gmatch('{"t":') do frameRecords = frameRecords + 1 end
assert(frameRecords == 61, "every recorded frame is in the page, got " .. frameRecords)
os.remove(htmlPath)
expectError("bad argument #2 to 'exportHTML' (field 'width': must be 16 to 8192", function() a:exportHTML("x.html", { width = 2 }) end)

-- a recording keeps only the frames asked for
a:record{ maxFrames = 5 }
a:run(0.5)
assert(a:stopRecording() == 5)
expectError("bad argument #1 to 'record' (field 'maxFrames': must be 1 to", function() a:record{ maxFrames = 0 } end)
