-- Attachment (API.md "Attachment").
local function item(x, y, name) return View{ center = {x, y}, size = {20, 20}, name = name } end

-- to an anchor: the length defaults to the distance at creation
local bob = item(100, 0, "bob")
local rope = Attachment(bob, { anchor = {0, 0} })
assert(rope.kind == "distance" and rope.anchorPoint == Point(0, 0))
near(rope.length, 100, 1e-12, "default length")
assert(rope.frequency == 0 and rope.damping == 0 and rope.frictionTorque == 0)
assert(#rope.items == 1 and rope.items[1] == bob)
-- the short form with an anchor point, and options
local spring = Attachment(item(0, 50), Point(0, 0), { frequency = 2, damping = 0.3, length = 30 })
assert(spring.frequency == 2 and spring.damping == 0.3 and spring.length == 30)
local offset = Attachment(item(0, 50), { anchor = {0, 0}, offset = {0, -10} })
near(offset.length, 40, 1e-12, "length measured from the offset point")

-- a pendulum keeps its length while it swings under gravity
local a = Animator()
a:addBehavior(Gravity{ bob }); a:addBehavior(rope)
local lowest = 0
for _ = 1, 60 do
  a:step()
  near((bob.center - Point(0, 0)):length(), 100, 1.0, "rod length while swinging")
  lowest = math.max(lowest, bob.center.y)
end
near(lowest, 100, 2, "it swung down through the bottom of the arc")
-- moving the anchor by hand
rope.anchorPoint = {10, 0}
assert(rope.anchorPoint == Point(10, 0))
rope.length = 80; assert(rope.length == 80)

-- item to item
local p, q = item(0, 0), item(50, 0)
local link = Attachment(p, q, { offset1 = {5, 0}, offset2 = {-5, 0} })
assert(link.kind == "distance" and #link.items == 2)
near(link.length, 40, 1e-12, "between the offset points")

-- iOS 9 kinds
local f = Attachment.fixed(item(0, 0), item(20, 0), {10, 0})
assert(f.kind == "fixed" and f.anchorPoint == Point(10, 0))
local pin = Attachment.pin(item(0, 0), item(20, 0), {10, 0})
assert(pin.kind == "pin")
pin.attachmentRange = {-math.pi / 4, math.pi / 4}
near(pin.attachmentRange.minimum, -math.pi / 4, 1e-15)
pin.attachmentRange = { minimum = -1, maximum = math.huge }
assert(pin.attachmentRange.maximum == math.huge, "math.huge is allowed in a range")
pin.frictionTorque = 5; assert(pin.frictionTorque == 5)
local slide2 = Attachment.sliding(item(0, 0), item(20, 0), {10, 0}, {1, 0})
assert(slide2.kind == "sliding" and #slide2.items == 2)
local slide1 = Attachment.sliding(item(0, 0), {0, 0}, {0, 1})
assert(slide1.kind == "sliding" and #slide1.items == 1)
local limit = Attachment.limit(item(0, 0), {0, 0}, item(30, 40), {0, 0})
assert(limit.kind == "limit")
near(limit.attachmentRange.maximum, 50, 1e-12, "a limit's range is up to the distance at creation")

-- a sliding item moves along its axis only
local sa = Animator()
local slider = item(0, 0)
sa:addBehavior(Gravity{ slider, angle = math.pi / 4 })
sa:addBehavior(Attachment.sliding(slider, {0, 0}, {1, 0}))
sa:run(0.5)
assert(slider.center.x > 10, "slides along x: " .. slider.center.x)
near(slider.center.y, 0, 0.5, "stays on the axis")

-- a pin's motor drives the second item toward motorSpeed with at most frictionTorque: T / I = 2 rad/s^2 here
local ma = Animator()
local base, wheel = item(0, 0), View{ center = {0, 0}, size = {100, 100} }
ma:addBehavior(ItemBehavior{ base, anchored = true })
local motor = Attachment.pin(base, wheel, {0, 0})
assert(motor.motorSpeed == 0, "plain friction by default")
motor.motorSpeed = 3
motor.frictionTorque = 2 * wheel.mass * (100 ^ 2 + 100 ^ 2) / 12
ma:addBehavior(motor)
ma:run(1)
near(wheel.angularVelocity, 2, 0.04, "spun up at torque over inertia")
ma:run(1)
near(wheel.angularVelocity, 3, 1e-6, "then held at the motor's speed")
expectError("motorSpeed is for pin attachments; this one is distance", function() rope.motorSpeed = 1 end)
expectError("bad value for Attachment.motorSpeed", function() motor.motorSpeed = math.huge end)

-- errors
expectError("bad argument #1 to 'Attachment' (View expected, got nil)", function() return Attachment(nil, {anchor = {0, 0}}) end)
expectError("Attachment has no option 'ancor' (did you mean 'anchor'?)", function() return Attachment(item(0, 0), { anchor = {0, 0}, ancor = 1 }) end)
expectError("bad argument #4 to 'sliding' (point expected, got no value)", function() return Attachment.sliding(item(0, 0), item(1, 1), {0, 0}) end)
expectError("two different items", function() local x = item(0, 0); return Attachment(x, x) end)
expectError("bad value for Attachment.attachmentRange (range minimum 2 is greater than its maximum 1)",
  function() pin.attachmentRange = {2, 1} end)
expectError("bad value for Attachment.attachmentRange (finite number expected for range element 1 (minimum), got",
  function() pin.attachmentRange = {0/0, 1} end)
expectError("bad value for Attachment.length (number must not be negative, got -1", function() rope.length = -1 end)
expectError("Attachment.kind is read-only", function() rope.kind = "pin" end)
expectError("Attachment has no field 'fixd' (did you mean 'fixed'?)", function() return Attachment.fixd end)
