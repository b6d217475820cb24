-- Lesson 3: springs and attachments.
-- Run it:  luadyn docs/lessons/03-springs.lua [FOLDER]   (FOLDER, or $LUADYN_PICTURES, receives an SVG picture)
-- You will see: a weight on a spring bobbing with the period its frequency sets, then sagging to where the spring
-- holds it against gravity; and a pendulum on a rigid rod swinging with the period 2 pi sqrt(L / g).

local folder = os.getenv("LUADYN_PICTURES") or (arg and arg[1])
local function check(claim, ok)
  print((ok and "  ✓ " or "  ✗ ") .. claim)
  assert(ok, claim)
end

local frequency = 2             -- the spring's own frequency in Hz (UIAttachmentBehavior.frequency); 0 = a rigid rod

animator = Animator{ width = 320, height = 320 }
local anchor = Point(100, 40)
weight = View{ center = {100, 140}, size = {40, 40}, name = "weight", color = "darkorange" }
spring = Attachment(weight, { anchor = anchor })
spring.frequency = frequency
spring.damping = 0              -- no damping first: it bobs for ever
animator:addBehavior(spring)
animator:addBehavior(Gravity{ weight })

local g = 1000
print(string.format("A weight hangs on a spring of natural length %.0f pt and frequency %g Hz.", spring.length, frequency))
print("Let go, gravity stretches the spring; the spring pulls back; it bobs up and down:")

-- time the bobs by the moments the weight turns from going down to going up
local turns, previous = {}, 0
while #turns < 3 and animator.time < 10 do
  animator:step(1 / 240)
  local vy = weight.velocity.y
  if previous > 0 and vy <= 0 then
    turns[#turns + 1] = animator.elapsedTime
    if #turns == 1 then
      print(string.format("At its lowest point, %.1f pt below where it started:", weight.center.y - 140))
      animator:draw{ width = 32 }
    end
  end
  previous = vy
end
local period = (turns[3] - turns[1]) / 2
check(string.format("one bob takes %.3f s: 1 / frequency = %.3f s (within 3%%)", period, 1 / frequency),
  math.abs(period - 1 / frequency) < 0.03 / frequency)

-- let it settle with damping: the stretch balances gravity, k x = m g, and k = m (2 pi f)^2
spring.damping = 0.7
animator:runUntilRest(20)
local stretch = weight.center.y - (anchor.y + spring.length)
local expected = g / (2 * math.pi * frequency) ^ 2
print(string.format("\nWith damping 0.7 it settles, the spring stretched by %.2f pt:", stretch))
animator:draw{ width = 32 }
check(string.format("the stretch is g / (2 pi f)² = %.2f pt (within 5%%)", expected),
  math.abs(stretch - expected) < 0.05 * expected)
if folder then
  animator:snapshot(folder .. "/03-springs.svg")
  print("(picture: " .. folder .. "/03-springs.svg)")
end

-- a pendulum: frequency 0 makes the attachment a rigid rod
print("\nNow a pendulum: a bob on a rigid rod (frequency 0) of length 200 pt, pulled 0.1 rad aside.")
clock = Animator{ width = 320, height = 320 }
local pivot = Point(160, 40)
bob = View{ center = pivot + Point(math.sin(0.1), math.cos(0.1)) * 200, size = {20, 20}, shape = "ellipse",
                  name = "bob", color = "slateblue" }
rod = Attachment(bob, { anchor = pivot })
clock:addBehavior(rod)
clock:addBehavior(Gravity{ bob })
local crossings, lastX, stretchMax = {}, bob.center.x, 0
while #crossings < 3 and clock.time < 10 do
  clock:step(1 / 240)
  local x = bob.center.x
  if lastX >= pivot.x and x < pivot.x then crossings[#crossings + 1] = clock.elapsedTime end
  lastX = x
  stretchMax = math.max(stretchMax, math.abs((bob.center - pivot):length() - 200))
end
clock:draw{ width = 32 }
local swing = (crossings[3] - crossings[1]) / 2
local formula = 2 * math.pi * math.sqrt(200 / g)
check(string.format("a swing takes %.3f s: 2 pi sqrt(L / g) = %.3f s (within 2%%)", swing, formula),
  math.abs(swing - formula) < 0.02 * formula)
check(string.format("the rod kept its length (off by at most %.2f pt)", stretchMax), stretchMax < 1)

print("\nYour turn: on line 12, change frequency = 2 to 1 and run again.")
print("Half the frequency: each bob takes twice as long, and the weight sags four times as far.")
