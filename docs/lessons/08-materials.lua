-- Lesson 8: materials, contacts and rest.
-- Run it:  luadyn docs/lessons/08-materials.lua [FOLDER]   (FOLDER, or $LUADYN_PICTURES, receives an SVG picture)
-- You will see the scenes a physics teacher checks first, each at the animator's default settings, with what the
-- world measures printed beside the textbook's formula: a box dropped on a box, bounces at several speeds, two balls
-- exchanging their motion, a block sliding down a ramp, slow motion that does not fall asleep, a box sliding over
-- seams, Newton's cradle and a spring's period. The worlds stay in globals, so `luadyn -i` lets you poke at them.

local folder = os.getenv("LUADYN_PICTURES") or (arg and arg[1])
local function check(claim, ok)
  print((ok and "  ✓ " or "  ✗ ") .. claim)
  assert(ok, claim)
end

local elasticity = 0.8          -- how much of its approach speed a ball keeps in a bounce (UIDynamicItemBehavior)
local g = 1000                  -- gravity magnitude 1 is 1000 pt/s²

-- 1. A box dropped flat on a box lands flat: both corners of the contact take the blow together.
print("1. Two boxes of 50 pt dropped 100 pt onto a floor, one above the other (friction 0.6, elasticity 0.3):")
stack = Animator{ width = 300, height = 400 }
lower = View{ center = {150, 275}, size = {50, 50}, name = "lower", color = "peru" }
upper = View{ center = {150, 125}, size = {50, 50}, name = "upper", color = "sienna" }
stack:addBehavior(Gravity{ lower, upper })
stack:addBehavior(Collision{ lower, upper, translatesReferenceBoundsIntoBoundary = true })
stack:addBehavior(ItemBehavior{ lower, upper, friction = 0.6, elasticity = 0.3 })
stack:run(3)
stack:draw{ width = 30 }
print(string.format("   after 3 s the upper box tilts %.4f rad and sits %.2f pt above the lower one's centre",
  upper.angle, lower.center.y - upper.center.y))
check("the upper box lands flat: tilt within 0.02 rad of 0", math.abs(upper.angle) <= 0.02)
check("and stays on the lower box: 50 pt above it, within 1 pt", math.abs(lower.center.y - upper.center.y - 50) < 1)

-- 2. Bounces: a ball thrown at a wall leaves with elasticity x its speed, however slow or fast.
print(string.format("\n2. A ball of elasticity %g thrown at a wall, no gravity; rebound speed against e v:", elasticity))
local function rebound(speed)
  wall = Animator{ width = 400, height = 200 }
  thrown = View{ center = {0, 100}, size = {20, 20}, shape = "ellipse", name = "thrown" }
  thrown.velocity = Point(speed, 0)
  local c = Collision{ thrown }
  local x = math.max(40, 3 * speed / 60)
  c:addBoundary("wall", Point(x, 0), Point(x, 200))
  wall:addBehavior(c)
  wall:addBehavior(ItemBehavior{ thrown, elasticity = elasticity })
  local frames = 0
  while thrown.velocity.x > 0 and frames < 600 do wall:step(); frames = frames + 1 end
  wall:run(0.1)
  return -thrown.velocity.x
end
for _, speed in ipairs({ 20, 60, 150, 600 }) do
  local out = rebound(speed)
  print(string.format("   %4d pt/s in: %7.2f pt/s out, e v = %7.2f", speed, out, elasticity * speed))
  check(string.format("at %d pt/s the rebound is e v within 3%%", speed),
    math.abs(out - elasticity * speed) <= 0.03 * elasticity * speed)
end

-- 3. Two equal balls, e = 1, head on: the moving one stops and the other leaves at its speed.
print("\n3. Two equal balls of elasticity 1, the left one rolling at 80 pt/s into the right one:")
pair = Animator{ width = 300, height = 100 }
striker = View{ center = {60, 50}, size = {30, 30}, shape = "ellipse", name = "striker", color = "steelblue" }
target = View{ center = {180, 50}, size = {30, 30}, shape = "ellipse", name = "target", color = "seagreen" }
pair:addBehavior(Collision{ striker, target })
pair:addBehavior(ItemBehavior{ striker, target, elasticity = 1 })
striker.velocity = Point(80, 0)
pair:run(2)
print(string.format("   after: striker %.3f pt/s, target %.3f pt/s (the formula: 0 and 80)", striker.velocity.x,
  target.velocity.x))
check("the striker keeps at most 2% of 80 pt/s", math.abs(striker.velocity.x) <= 0.02 * 80)
check("the target leaves with at least 98% of it", target.velocity.x >= 0.98 * 80)

-- 4. A block on a 30° ramp: a = g (sin θ - μ cos θ). The contact's friction is the larger of the two surfaces';
-- a boundary has none of its own, so the block's μ is the one that counts.
local mu, slope = 0.2, math.rad(30)
print(string.format("\n4. A block of friction %g on a boundary ramp of 30°:", mu))
ramp = Animator{ width = 800, height = 600 }
local down, up = Point(math.cos(slope), math.sin(slope)), Point(math.sin(slope), -math.cos(slope))
local start = Point(100, 100)
block = View{ center = start + up * 20, size = {40, 40}, angle = slope, name = "block", color = "olivedrab" }
local rampWalls = Collision{ block }
rampWalls:addBoundary("ramp", start - down * 200, start + down * 1000)
ramp:addBehavior(rampWalls)
ramp:addBehavior(Gravity{ block })
ramp:addBehavior(ItemBehavior{ block, friction = mu })
ramp:run(0.2)
local v0 = block.velocity.x * down.x + block.velocity.y * down.y
ramp:run(0.5)
local v1 = block.velocity.x * down.x + block.velocity.y * down.y
local measured, expected = (v1 - v0) / 0.5, g * (math.sin(slope) - mu * math.cos(slope))
ramp:draw{ width = 40 }
print(string.format("   acceleration %.1f pt/s², g (sin θ - μ cos θ) = %.1f pt/s²", measured, expected))
check("the block slides at the textbook acceleration, within 2%", math.abs(measured - expected) < 0.02 * expected)

-- 5. Rest: a body is put to sleep only when it is nearly still, so slow motion goes on.
print("\n5. A block gliding at 4 pt/s on a frictionless floor:")
glide = Animator{ width = 400, height = 200 }
slider = View{ center = {50, 175}, size = {50, 50}, name = "slider", color = "goldenrod" }
glide:addBehavior(Gravity{ slider })
glide:addBehavior(Collision{ slider, translatesReferenceBoundsIntoBoundary = true })
glide:addBehavior(ItemBehavior{ slider, friction = 0 })
slider.velocity = Point(4, 0)
glide:run(10)
print(string.format("   after 10 s it is at x = %.2f pt moving at %.3f pt/s (no friction: 50 + 4 x 10 = 90 pt)",
  slider.center.x, slider.velocity.x))
check("it still moves after 10 s", slider.velocity.x > 3.9 and math.abs(slider.center.x - 90) < 1)

-- 6. Seams: a box sliding over a floor made of pieces, here segments of two different Collision behaviours,
-- keeps its speed and does not trip where they meet.
print("\n6. A box sliding at 400 pt/s over 24 abutting segments belonging to two Collision behaviours:")
seams = Animator{ width = 2800, height = 600 }
skater = View{ center = {100, 480}, size = {40, 40}, name = "skater", color = "indigo" }
local even, odd = Collision{ skater }, Collision{ skater }
for k = 0, 25 do
  local piece = k % 2 == 0 and even or odd
  piece:addBoundary(k, Point(k * 100, 500), Point((k + 1) * 100, 500))
end
seams:addBehavior(even)
seams:addBehavior(odd)
seams:addBehavior(Gravity{ skater })
skater.velocity = Point(400, 0)
seams:run(0.25)
local slowest, tilt = math.huge, 0
while skater.center.x < 2500 and seams.time < 10 do
  seams:step()
  slowest = math.min(slowest, skater.velocity:length())
  tilt = math.max(tilt, math.abs(skater.angle))
end
print(string.format("   slowest %.2f pt/s, largest tilt %.5f rad", slowest, tilt))
check("it keeps at least 95% of 400 pt/s over the seams", slowest >= 0.95 * 400)
check("and tilts no more than 0.05 rad", tilt <= 0.05)

-- 7. Newton's cradle: five touching balls of elasticity 1 on strings; the first reaches the bottom at 300 pt/s
-- (pulled aside by the angle with v² = 2 g L (1 - cos a)). The blow travels through the row one two-ball collision
-- at a time, so the last ball leaves at the striking speed and the others stay.
print("\n7. Newton's cradle: five touching balls hung on 200 pt strings, the first striking at 300 pt/s:")
cradle = Animator{ width = 500, height = 300 }
local length, radius, strike = 200, 20, 300
local a = math.acos(1 - strike * strike / (2 * g * length))
cradleBalls = {}
for i = 1, 5 do
  local pivot = Point(160 + 2 * radius * (i - 1), 30)
  local offset = i == 1 and Point(-math.sin(a), math.cos(a)) * length or Point(0, length)
  cradleBalls[i] = View{ center = pivot + offset, size = {2 * radius, 2 * radius}, shape = "ellipse",
                         name = "ball" .. i, color = "slategray" }
  cradle:addBehavior(Attachment(cradleBalls[i], { anchor = pivot }))
end
cradle:addBehavior(Gravity(table.unpack(cradleBalls)))
cradle:addBehavior(Collision(table.unpack(cradleBalls)))
cradle:addBehavior(ItemBehavior{ cradleBalls[1], cradleBalls[2], cradleBalls[3], cradleBalls[4], cradleBalls[5],
                                 elasticity = 1, friction = 0 })
local frames = 0
while cradleBalls[5].velocity.x < strike / 2 and frames < 240 do cradle:step(); frames = frames + 1 end
cradle:run(0.05)
cradle:draw{ width = 40 }
local speeds = {}
for i, b in ipairs(cradleBalls) do speeds[i] = string.format("%.1f", b.velocity:length()) end
print("   speeds after the strike, pt/s: " .. table.concat(speeds, ", ") .. " (the formula: 0, 0, 0, 0, 300)")
if folder then
  cradle:snapshot(folder .. "/08-materials.svg", { velocities = true })
  print("   (picture: " .. folder .. "/08-materials.svg)")
end
check("the last ball leaves with at least 90% of 300 pt/s", cradleBalls[5].velocity:length() >= 0.9 * strike)
local still = true
for i = 1, 4 do still = still and cradleBalls[i].velocity:length() <= 0.1 * strike end
check("the other four keep at most 10% of it each", still)

-- 8. A Hooke spring: an attachment given a stiffness k pulls with k x stretch, so a mass m bobs with period
-- 2 pi sqrt(m / k): four times the mass, twice the period.
print("\n8. A weight on a spring of stiffness k, no gravity, pulled 20 pt down and let go:")
springs = Animator{ width = 300, height = 300 }
bobWeight = View{ center = {150, 170}, size = {40, 40}, name = "weight", color = "darkorange" }
hooke = Attachment(bobWeight, { anchor = Point(150, 50) })
hooke.length = 100
springs:addBehavior(hooke)
local k = 40 * bobWeight.mass
hooke.stiffness = k
-- the moments it turns at the bottom, where its speed goes from down to up (found between frames by proportion)
local turns, previous, before = {}, 0, 0
while #turns < 3 and springs.elapsedTime < 10 do
  springs:step()
  local vy = bobWeight.velocity.y
  if previous > 0 and vy <= 0 then
    turns[#turns + 1] = before + (springs.elapsedTime - before) * previous / (previous - vy)
  end
  previous, before = vy, springs.elapsedTime
end
local period = (turns[3] - turns[1]) / 2
local formula = 2 * math.pi * math.sqrt(bobWeight.mass / k)
print(string.format("   mass %.3f, k = %.3f: period %.4f s, 2 pi sqrt(m / k) = %.4f s", bobWeight.mass, k, period,
  formula))
check("the period is 2 pi sqrt(m / k) within 1%", math.abs(period - formula) < 0.01 * formula)

print("\nYour turn: on line 14, change elasticity = 0.8 to 0.5 and run again: every rebound follows e v.")
print("Then, in section 7, lift two balls (start ball 2 at the same angle as ball 1): two leave the far end.")
