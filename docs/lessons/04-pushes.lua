-- Lesson 4: pushes and mass.
-- Run it:  luadyn docs/lessons/04-pushes.lua [FOLDER]   (FOLDER, or $LUADYN_PICTURES, receives an SVG picture)
-- You will see: the same push on a light and a heavy box (a = F / m: the heavy one lags), a one-off kick that changes
-- speed by 100 / m pt/s, and a push off the centre that turns a box as well as moving it.

local folder = os.getenv("LUADYN_PICTURES") or (arg and arg[1])
local function check(claim, ok)
  print((ok and "  ✓ " or "  ✗ ") .. claim)
  assert(ok, claim)
end

local density = 3               -- the heavy box's density (UIDynamicItemBehavior.density); the light one has 1

animator = Animator{ width = 480, height = 240 }
light = View{ center = {40, 60}, size = {50, 50}, name = "light", color = "gold" }
heavy = View{ center = {40, 170}, size = {50, 50}, name = "heavy", color = "dimgray" }
animator:addBehavior(ItemBehavior{ heavy, density = density })
push = Push{ light, heavy, angle = 0, magnitude = 0.25 }   -- continuous, to the right
animator:addBehavior(push)

print(string.format("Two boxes of the same size: light (density 1) and heavy (density %g).", density))
print("The same continuous push of magnitude 0.25 acts on both. A push of 1 gives mass 1 an acceleration of")
print("100 pt/s², so the force is 25 mass·pt/s² and each box accelerates at 25 / m.")

local t, speeds = 1, { light = {}, heavy = {} }
while animator.time < t - 1e-9 do
  animator:step()
  speeds.light[#speeds.light + 1] = light.velocity.x
  speeds.heavy[#speeds.heavy + 1] = heavy.velocity.x
end
print(string.format("\nAfter %g s (mass = density x area / 10000: light %.2f, heavy %.2f):", t, light.mass, heavy.mass))
animator:draw{ width = 48 }
if folder then
  animator:snapshot(folder .. "/04-pushes.svg", { velocities = true, velocityScale = 0.5 })
  print("(picture with velocity arrows: " .. folder .. "/04-pushes.svg)")
end
print(plot({ name = "light (pt/s)", values = speeds.light }, { name = "heavy (pt/s)", values = speeds.heavy },
  { width = 56, height = 8, title = "speed, frame by frame" }))
local force = 100 * push.magnitude
check(string.format("light moves at F t / m = %.1f pt/s (it does %.1f)", force * t / light.mass, light.velocity.x),
  math.abs(light.velocity.x - force * t / light.mass) < 0.02 * force * t / light.mass)
check(string.format("heavy moves at F t / m = %.1f pt/s (it does %.1f)", force * t / heavy.mass, heavy.velocity.x),
  math.abs(heavy.velocity.x - force * t / heavy.mass) < 0.02 * force * t / heavy.mass)
check(string.format("mass ratio %.2f = speed ratio %.2f", heavy.mass / light.mass, light.velocity.x / heavy.velocity.x),
  math.abs(heavy.mass / light.mass - light.velocity.x / heavy.velocity.x) < 0.01 * heavy.mass / light.mass)

-- a kick: an instantaneous push changes the velocity once, by 100 x magnitude / mass pt/s
push.active = false
local before = heavy.velocity.x
kick = Push{ heavy, mode = "instantaneous", angle = math.pi, magnitude = 1 }   -- to the left
animator:addBehavior(kick)
animator:step()
print(string.format("\nA kick of magnitude 1 to the left: heavy goes from %.1f to %.1f pt/s, and the kick is %s.",
  before, heavy.velocity.x, kick.active and "still on" or "spent"))
check(string.format("the kick changed the speed by 100 / m = %.1f pt/s", 100 / heavy.mass),
  math.abs((before - heavy.velocity.x) - 100 / heavy.mass) < 0.01 * 100 / heavy.mass)
check("an instantaneous push switches itself off", kick.active == false)

-- off the centre: a push to the right on the top edge turns the box clockwise
spinner = View{ center = {300, 120}, size = {60, 60}, name = "spin", color = "orchid" }
flick = Push{ spinner, mode = "instantaneous", angle = 0, magnitude = 1 }
flick:setTargetOffset(spinner, {0, -30})
animator:addBehavior(flick)
animator:step()
animator:run(0.25)
print(string.format("\nA kick to the right on the top edge of 'spin': it moves at %.0f pt/s and turns at %.2f rad/s.",
  spinner.velocity.x, spinner.angularVelocity))
animator:draw{ width = 48 }
check("it turns clockwise on screen (positive angular velocity)", spinner.angularVelocity > 0)
-- a kick of magnitude 1 is an impulse J = 100 mass·pt/s; 30 pt off the centre it turns the box at
-- r J / I, with I = m (w² + h²) / 12 for a rectangle
local expectedSpin = 30 * 100 / (spinner.mass * (60 ^ 2 + 60 ^ 2) / 12)
check(string.format("at r J / I = %.2f rad/s", expectedSpin), math.abs(spinner.angularVelocity - expectedSpin) < 0.02 * expectedSpin)

print("\nYour turn: on line 12, change density = 3 to 1 and run again.")
print("With equal masses the two boxes should stay side by side, and the kick should change heavy's speed by 100 pt/s.")
