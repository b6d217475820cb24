-- A pyramid of boxes on the floor: a stacking test for the solver.
-- Notice: fifteen boxes stand still within a few seconds, without sliding or sinking into each other
-- (friction holds them; the soft contacts keep overlap to a fraction of a point).

animator = Animator{ width = 400, height = 500 }
local size, rows = 30, 5
local boxes = {}
for row = 0, rows - 1 do
  local count = rows - row
  for i = 0, count - 1 do
    local x = 200 + (i - (count - 1) / 2) * size
    local y = 500 - size / 2 - row * size
    boxes[#boxes + 1] = View{ center = {x, y}, size = {size, size}, name = string.format("r%dc%d", row, i) }
  end
end
animator:addBehavior(Gravity(table.unpack(boxes)))
animator:addBehavior(Collision{ translatesReferenceBoundsIntoBoundary = true, table.unpack(boxes) })
animator:addBehavior(ItemBehavior{ friction = 0.6, table.unpack(boxes) })

local took = animator:runUntilRest(10)
local top = boxes[#boxes]
print(string.format("%d boxes at rest after %.2f s; the top box is at %s (it started at (200, %d))",
  #boxes, took, top.center, 500 - size / 2 - (rows - 1) * size))
local drift = 0
for _, b in ipairs(boxes) do drift = math.max(drift, math.abs(b.angle)) end
print(string.format("largest tilt %.4f rad", drift))
assert(took < 10, "comes to rest")
assert(math.abs(top.center.x - 200) < 2 and math.abs(top.center.y - (500 - size / 2 - (rows - 1) * size)) < 3)
