-- Collision (API.md "Collision").
local a = Animator{ width = 320, height = 568 }
local red = View{ center = {100, 100}, size = {50, 50}, name = "red" }
local blue = View{ center = {220, 300}, size = {50, 50}, name = "blue" }
local c = Collision{ red, blue }
assert(c.mode == "everything" and c.translatesReferenceBoundsIntoBoundary == false)
c.translatesReferenceBoundsIntoBoundary = true
local began, ids = {}, {}
c.delegate = {
  beganBoundaryContact = function(self, behavior, item, id, point)
    assert(behavior == c and (item == red or item == blue))
    assert(getmetatable(point).__name == "Point")
    began[item] = (began[item] or 0) + 1   -- views work as table keys
    ids[#ids + 1] = tostring(id)
  end,
}
assert(c.collisionDelegate == c.delegate, "collisionDelegate is an alias")
a:addBehavior(Gravity{ red, blue }); a:addBehavior(c)
a:runUntilRest(10)
near(red.center.y, 568 - 25, 1.0, "red rests on the bottom edge")
near(blue.center.y, 568 - 25, 1.0, "blue rests on the bottom edge")
assert(began[red] == 1 and began[blue] == 1, "each contact begins once")
assert(ids[1] == "nil", "the reference-bounds boundary has identifier nil")

-- the sixth argument: the contact's normal, impulse and approach speed
do
  local d = Animator{ width = 400, height = 600 }
  local ball = View{ center = {360, 0}, size = {40, 40}, shape = "ellipse", name = "ball" }
  local other = View{ center = {100, 500}, size = {40, 40}, shape = "ellipse", name = "other" }
  local mover = View{ center = {200, 500}, size = {40, 40}, shape = "ellipse", name = "mover" }
  mover.velocity = {-100, 0}
  local floor = Collision{ ball, other, mover }
  floor:addBoundary("floor", {0, 520}, {400, 520})
  local boundaryContact, itemContact
  floor.delegate = {
    beganBoundaryContact = function(_, _, item, _, _, contact)
      if item == ball then boundaryContact = contact end
    end,
    beganContact = function(_, _, i1, i2, _, contact) itemContact = { i1, i2, contact } end,
  }
  d:addBehavior(Gravity{ ball }); d:addBehavior(floor); d:addBehavior(ItemBehavior{ ball, elasticity = 0.5 })
  d:run(1.2)
  local v = math.sqrt(2 * 1000 * 500)
  assert(getmetatable(boundaryContact.normal).__name == "Point")
  assert(boundaryContact.normal == Point(0, 1), "from the ball to the floor: " .. tostring(boundaryContact.normal))
  near(boundaryContact.speed, v, 0.02 * v, "approach speed")
  near(boundaryContact.impulse, ball.mass * v * 1.5, 0.04 * ball.mass * v * 1.5, "impulse m v (1 + e)")
  local i1, i2, contact = itemContact[1], itemContact[2], itemContact[3]
  near(contact.speed, 100, 1e-9, "the mover closes at 100 pt/s")
  near(contact.normal.x, i1 == mover and -1 or 1, 1e-9, "the normal points from item1 to item2")
  near(contact.impulse, other.mass * 100 / 2, 0.01 * other.mass * 50, "equal masses, e = 0: m u / 2")
end

-- boundaries: segments and paths, ids in order added, replacing, removing
local b = Collision()
b:addBoundary("floor", {0, 400}, {320, 400})
b:addBoundary(7, Path.rect{10, 10, 20, 20})
b:addBoundary("floor", Point(0, 450), Point(320, 450))
local list = b.boundaryIdentifiers
assert(#list == 2 and list[1] == "floor" and list[2] == 7 and math.type(list[2]) == "integer")
near(b:boundary("floor").bounds.y, 450, 0, "adding an id that exists replaces it")
assert(b:boundary(7).bounds.width == 20)
assert(b:boundary("none") == nil)
b:removeBoundary(7)
assert(#b.boundaryIdentifiers == 1)
b:removeAllBoundaries()
assert(#b.boundaryIdentifiers == 0)
b:setTranslatesReferenceBoundsIntoBoundary{10, 0, 100, 0}
assert(b.translatesReferenceBoundsIntoBoundary)

-- insets move the boundary: a box rests 100 pt above the bottom
local a2 = Animator{ width = 320, height = 568 }
local box = View{ center = {160, 100}, size = {40, 40} }
local inset = Collision{ box }
inset:setTranslatesReferenceBoundsIntoBoundary{ top = 0, left = 0, bottom = 100, right = 0 }
a2:addBehavior(Gravity{ box }); a2:addBehavior(inset)
a2:runUntilRest(10)
near(box.center.y, 568 - 100 - 20, 1.0, "rests on the inset boundary")

-- mode "items": boundaries are ignored, so the item falls through the floor
local a3 = Animator{ width = 320, height = 568 }
local faller = View{ center = {160, 500}, size = {40, 40} }
a3:addBehavior(Gravity{ faller })
a3:addBehavior(Collision{ faller, mode = "items", translatesReferenceBoundsIntoBoundary = true })
a3:run(1)
assert(faller.center.y > 700, "items mode ignores boundaries: " .. faller.center.y)

-- items in different collision behaviours ignore each other
local a4 = Animator()
local top = View{ center = {0, 0}, size = {40, 40} }
local bottom = View{ center = {0, 100}, size = {40, 40} }
a4:addBehavior(Gravity{ top })
a4:addBehavior(Collision{ top }); a4:addBehavior(Collision{ bottom })
a4:run(1)
assert(top.center.y > 300, "passed through: " .. top.center.y)

-- errors
expectError("'item' is not one of 'everything', 'items', 'boundaries' (did you mean 'items'?)", function() c.mode = "item" end)
expectError("bad argument #2 to 'addBoundary' (point expected, got string)", function() b:addBoundary("x", "y", {0, 0}) end)
expectError("bad argument #1 to 'addBoundary' (boundary identifier (string or number) expected, got table)",
  function() b:addBoundary({}, {0, 0}, {1, 1}) end)
expectError("bad argument #1 to 'addBoundary' (finite number expected, got", function() b:addBoundary(0/0, {0, 0}, {1, 1}) end)
expectError("bad value for Collision.delegate (table or nil expected, got function)", function() c.delegate = print end)
expectError("Collision.boundaryIdentifiers is read-only", function() c.boundaryIdentifiers = {} end)

-- A contact that a change of mode takes away still gets its "ended" (every began gets an ended).
do
  local a = Animator{ width = 200, height = 400 }
  local low = View{ center = {100, 375}, size = {50, 50}, name = "low" }
  local high = View{ center = {100, 320}, size = {50, 50}, name = "high" }
  local c = Collision{ low, high, translatesReferenceBoundsIntoBoundary = true }
  local log = {}
  c.delegate = { beganContact = function(_, _, i1, i2) log[#log + 1] = "began " .. i1.name .. " " .. i2.name end,
                 endedContact = function(_, _, i1, i2) log[#log + 1] = "ended " .. i1.name .. " " .. i2.name end }
  a:addBehavior(Gravity{ low, high })
  a:addBehavior(c)
  a:run(1)
  assert(table.concat(log, ", ") == "began low high", table.concat(log, ", "))
  c.mode = "boundaries"
  a:run(1)
  assert(table.concat(log, ", ") == "began low high, ended low high", table.concat(log, ", "))
  assert(high.center.y > 360, "with mode boundaries the items pass through each other")
end

-- Newton's cradle at default settings: five touching balls of elasticity 1 on attachments; the first, pulled aside
-- so that it reaches the bottom at 300 pt/s (v^2 = 2 g L (1 - cos a), g = 1000 pt/s^2), sends the last one out at
-- its speed and the others keep at most a tenth of it.
do
  local cradle = Animator{ width = 600, height = 400 }
  local length, radius, speed = 200, 20, 300
  local a = math.acos(1 - speed * speed / (2 * 1000 * length))
  local balls = {}
  for i = 1, 5 do
    local pivot = Point(200 + 2 * radius * (i - 1), 50)
    local offset = i == 1 and Point(-math.sin(a), math.cos(a)) * length or Point(0, length)
    balls[i] = View{ center = pivot + offset, size = {2 * radius, 2 * radius}, shape = "ellipse" }
    cradle:addBehavior(Attachment(balls[i], { anchor = pivot }))
  end
  cradle:addBehavior(Gravity(table.unpack(balls)))
  cradle:addBehavior(Collision(table.unpack(balls)))
  cradle:addBehavior(ItemBehavior{ balls[1], balls[2], balls[3], balls[4], balls[5], elasticity = 1, friction = 0 })
  local frames = 0
  while balls[5].velocity.x < speed / 2 and frames < 240 do cradle:step(); frames = frames + 1 end
  for _ = 1, 3 do cradle:step() end
  assert(frames < 240, "the blow reached the last ball")
  assert(balls[5].velocity:length() >= 0.9 * speed, "the last ball leaves at " .. balls[5].velocity:length())
  for i = 1, 4 do
    assert(balls[i].velocity:length() <= 0.1 * speed, "ball " .. i .. " keeps " .. balls[i].velocity:length())
  end
end

-- The same row free in space (no strings, no gravity), two balls thrown in: two leave, and momentum and energy are
-- kept to rounding.
do
  local row = Animator{ width = 600, height = 400 }
  local balls = {}
  for i = 1, 5 do
    balls[i] = View{ center = {200 + 40 * (i - 1) - (i <= 2 and 100 or 0), 200}, size = {40, 40}, shape = "ellipse" }
  end
  balls[1].velocity = Point(300, 0); balls[2].velocity = Point(300, 0)
  row:addBehavior(Collision(table.unpack(balls)))
  row:addBehavior(ItemBehavior{ balls[1], balls[2], balls[3], balls[4], balls[5], elasticity = 1, friction = 0 })
  row:run(1)
  local momentum, energy = 0, 0
  for i = 1, 5 do
    momentum = momentum + balls[i].mass * balls[i].velocity.x
    energy = energy + balls[i].mass * balls[i].velocity.x ^ 2 / 2
  end
  local m = balls[1].mass
  near(momentum, 2 * m * 300, 1e-9 * 2 * m * 300, "momentum")
  near(energy, m * 300 ^ 2, 1e-9 * m * 300 ^ 2, "energy")
  near(balls[4].velocity.x, 300, 1e-6, "ball 4"); near(balls[5].velocity.x, 300, 1e-6, "ball 5")
  for i = 1, 3 do near(balls[i].velocity.x, 0, 1e-6, "ball " .. i) end
end
