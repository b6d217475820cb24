-- Parsing of points, sizes, rects, insets and ranges in both forms is exercised through the public
-- constructors once they exist; here: the forms Point accepts.
assert(Point{1, 2} == Point(1, 2))
assert(Point{x = 1, y = 2} == Point(1, 2))
expectError("bad argument #1 to 'Point' (point {x, y} expected, got nothing for point element 2 (y))", function() return Point({1}) end)
expectError("bad argument #1 to 'Point' (point {x, y} expected, got string for y)", function() return Point({x = 1, y = "2"}) end)
expectError("bad argument #1 to 'Point' (finite number expected for x, got", function() return Point({x = 0/0, y = 2}) end)
expectError("bad argument #1 to 'Point' (point expected, got boolean)", function() return Point(true) end)

-- sizes: {w, h} or {width =, height =}
assert(View{ center = {0, 0}, size = {30, 20} }.size.width == 30)
assert(View{ center = {0, 0}, size = { width = 30, height = 20 } }.size.height == 20)
expectError("(field 'size': size {width, height} expected, got nothing for size element 2 (height))",
  function() return View{ center = {0, 0}, size = {30} } end)
expectError("(field 'size': size expected, got number)", function() return View{ center = {0, 0}, size = 30 } end)

-- rects: {x, y, w, h} or named
local f = View{ frame = {10, 20, 30, 40} }.frame
assert(f.x == 10 and f.y == 20 and f.width == 30 and f.height == 40)
local g = View{ frame = { x = 10, y = 20, width = 30, height = 40 } }.frame
assert(g.x == 10 and g.height == 40)
expectError("rect width and height must not be negative", function() return Path.rect{0, 0, -1, 1} end)

-- insets: {top, left, bottom, right} or named, through the collision boundary they move
local function restingY(insets)
  local a = Animator{ width = 200, height = 300 }
  local v = View{ center = {100, 100}, size = {20, 20} }
  local c = Collision{ v }
  c:setTranslatesReferenceBoundsIntoBoundary(insets)
  a:addBehavior(Gravity{ v }); a:addBehavior(c)
  a:runUntilRest(10)
  return v.center.y
end
near(restingY{0, 0, 50, 0}, 300 - 50 - 10, 1, "positional insets")
near(restingY{ bottom = 80, top = 0, left = 0, right = 0 }, 300 - 80 - 10, 1, "named insets")
expectError("bad argument #1 to 'setTranslatesReferenceBoundsIntoBoundary' (insets {top, left, bottom, right} expected",
  function() Collision():setTranslatesReferenceBoundsIntoBoundary{1, 2} end)
expectError("finite number expected for bottom", function()
  Collision():setTranslatesReferenceBoundsIntoBoundary{ top = 0, left = 0, bottom = math.huge, right = 0 } end)

-- ranges: {min, max} or {minimum =, maximum =}; math.huge allowed only here
local v = View{ center = {0, 0}, size = {10, 10} }
local pin = Attachment.pin(v, View{ center = {20, 0}, size = {10, 10} }, {10, 0})
pin.attachmentRange = {-1, 1}
assert(pin.attachmentRange.minimum == -1 and pin.attachmentRange.maximum == 1)
pin.attachmentRange = { minimum = -math.huge, maximum = 2 }
assert(pin.attachmentRange.minimum == -math.huge)
expectError("range {minimum, maximum} expected, got string for maximum", function() pin.attachmentRange = { minimum = 1, maximum = "2" } end)
