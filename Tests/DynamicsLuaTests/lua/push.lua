-- Push (API.md "Push"): magnitude 1 gives a 100x100 density-1 item 100 pt/s^2, or 100 pt/s at once.
local function square(x) return View{ center = {x, 0}, size = {100, 100} } end

local kick = square(0)
local p = Push{ kick, mode = "instantaneous", angle = 0, magnitude = 1 }
assert(p.mode == "instantaneous" and p.active and p.magnitude == 1 and p.angle == 0)
assert(p.direction == Point(1, 0))
local a = Animator()
a:addBehavior(p)
a:step()
near(kick.velocity.x, 100, 1e-6, "an instantaneous push of 1 gives 100 pt/s")
assert(p.active == false, "it fires once, then turns itself off")
a:step()
near(kick.velocity.x, 100, 1e-6, "and does not fire again")

local steady = square(0)
local c = Push{ steady }
assert(c.mode == "continuous" and c.magnitude == 0)
c:setAngle(math.pi / 2, 1)
near(c.direction.y, 1, 1e-12, "setAngle keeps the direction in sync")
local b = Animator()
b:addBehavior(c)
b:run(1)
near(steady.velocity.y, 100, 2, "continuous push of 1 for 1 s gives 100 pt/s")
-- a heavier item accelerates less (force scales, acceleration = magnitude x 100 / mass)
local big = View{ center = {0, 0}, size = {200, 100} }
local d = Animator()
d:addBehavior(Push{ big, magnitude = 1, angle = 0 })
d:run(1)
near(big.velocity.x, 50, 1, "mass 2 reaches 50 pt/s")

-- an off-centre push spins the item
local spun = square(0)
local off = Push{ spun, mode = "instantaneous", angle = math.pi / 2, magnitude = 1 }
off:setTargetOffset(spun, {50, 0})
assert(off:targetOffset(spun) == Point(50, 0))
local e = Animator()
e:addBehavior(off)
e:step()
assert(spun.angularVelocity > 0, "a push down on the right edge turns it clockwise")
p.direction = {0, -2}
near(p.magnitude, 2, 1e-12); near(p.angle, -math.pi / 2, 1e-12)
p.active = true; assert(p.active)

expectError("bad argument #1 to 'Push' (field 'mode': 'instant' is not one of 'continuous', 'instantaneous'",
  function() return Push{ mode = "instant" } end)
expectError("Push.mode is read-only", function() p.mode = "continuous" end)
expectError("bad value for Push.active (boolean expected, got number)", function() p.active = 1 end)
expectError("bad argument #1 to 'setTargetOffset' (a table used as an item needs center", function() p:setTargetOffset({}, {0, 0}) end)

-- A direction whose length overflows is refused (as for Gravity), and quarter turns are exact.
do
  local p = Push{ View{ center = {0, 0}, size = {10, 10} } }
  expectError("direction is too long", function() p.direction = {1e308, 1e308} end)
  assert(p.magnitude == 0, "a refused direction leaves the push as it was")
  p:setAngle(math.pi, 2)
  assert(p.direction == Point(-2, 0), tostring(p.direction))
  local g = Gravity{}
  expectError("direction is too long", function() g.direction = {1e308, -1e308} end)
  assert(g.direction == Point(0, 1))
end
