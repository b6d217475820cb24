-- Lesson 1: gravity and free fall.
-- Run it:  luadyn docs/lessons/01-gravity.lua [FOLDER]   (FOLDER, or $LUADYN_PICTURES, receives an SVG picture)
-- You will see: a ball and a crate let go together, falling the distance ½ g t² whatever their mass,
-- and the energy of the fall moving from potential to kinetic while the total stays put.

local folder = os.getenv("LUADYN_PICTURES") or (arg and arg[1])
local function check(claim, ok)
  print((ok and "  ✓ " or "  ✗ ") .. claim)
  assert(ok, claim)
end

animator = Animator{ width = 320, height = 320 }
ball = View{ center = {100, 60}, size = {40, 40}, shape = "ellipse", name = "ball", color = "crimson" }
crate = View{ center = {220, 60}, size = {80, 80}, name = "crate", color = "peru" }
gravity = Gravity{ ball, crate }
gravity.magnitude = 1          -- 1 = 1000 pt/s² downward (UIKit's standard gravity)
animator:addBehavior(gravity)

local g = 1000 * gravity.magnitude
print("Two things are about to be dropped from y = 60: a ball of mass " .. string.format("%.2f", ball.mass)
  .. " and a crate of mass " .. string.format("%.2f", crate.mass) .. ".")
print("Gravity pulls everything down at g = " .. g .. " pt/s², however heavy. Here they are at t = 0:")
animator:draw{ width = 40 }

-- Watch the fall: note where the ball is every frame, and keep the energies.
local times, heights = {}, {}
local startEnergy = animator.kineticEnergy + animator.potentialEnergy
local worstDrift = 0
local t = 0.5
while animator.time < t - 1e-9 do
  animator:step()
  times[#times + 1] = animator.elapsedTime
  heights[#heights + 1] = ball.center.y
  local total = animator.kineticEnergy + animator.potentialEnergy
  worstDrift = math.max(worstDrift, math.abs(total - startEnergy))
end

print(string.format("\nAfter %.1f s the ball has fallen %.1f pt and moves at %.1f pt/s:", t, ball.center.y - 60, ball.velocity.y))
animator:draw{ width = 40 }
if folder then
  local file = folder .. "/01-gravity.svg"
  animator:snapshot(file, { velocities = true })
  print("(picture with velocity arrows: " .. file .. ")")
end

print("\nThe formulas for a fall from rest: distance = ½ g t², speed = g t.")
check(string.format("distance %.1f pt is ½ g t² = %.1f pt (within 2%%)", ball.center.y - 60, 0.5 * g * t * t),
  math.abs((ball.center.y - 60) - 0.5 * g * t * t) < 0.02 * 0.5 * g * t * t)
check(string.format("speed %.1f pt/s is g t = %.1f pt/s (within 1%%)", ball.velocity.y, g * t),
  math.abs(ball.velocity.y - g * t) < 0.01 * g * t)
check(string.format("the crate, %.0f times heavier, is level with the ball (%.2f pt apart)", crate.mass / ball.mass,
  math.abs(crate.center.y - ball.center.y)), math.abs(crate.center.y - ball.center.y) < 1e-6)

print("\nHeight of the ball against time: a parabola, steeper and steeper.")
print(plot({ name = "ball y (pt, grows downward)", x = times, y = heights }, { width = 56, height = 8 }))

print("\nEnergy: potential energy m g h (h, the height above the floor at y = " .. string.format("%g", animator.potentialEnergyZero) .. ")\n"
  .. "turns into kinetic energy ½ m v².")
print(string.format("  kinetic %.0f, potential %.0f, total %.0f (mass·pt²/s²)", animator.kineticEnergy,
  animator.potentialEnergy, animator.kineticEnergy + animator.potentialEnergy))
check(string.format("the total stayed within 1%% of the kinetic energy gained (drift %.1f)", worstDrift),
  worstDrift <= 0.01 * animator.kineticEnergy)

print("\nYour turn: on line 16, change gravity.magnitude = 1 to 0.25 and run the lesson again.")
print("With a quarter of the pull, how far does the ball fall in 0.5 s? The checks use g, so they should still pass.")
