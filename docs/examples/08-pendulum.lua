-- A pendulum: a bob on a rigid rod under gravity.
-- Notice: the period of a small swing is close to 2 pi sqrt(L / g) (L = 200 pt, g = 1000 pt/s^2: 2.81 s),
-- and the rod keeps its length while the bob swings.

animator = Animator{ width = 400, height = 400 }
local pivot = Point(200, 50)
local angle0 = 0.1   -- a small swing, radians from straight down
bob = View{ center = pivot + Point(math.sin(angle0), math.cos(angle0)) * 200, size = {20, 20},
                  shape = "ellipse", name = "bob" }
rod = Attachment(bob, { anchor = pivot })
animator:addBehavior(Gravity{ bob })
animator:addBehavior(rod)
print("rod length", rod.length)

-- time the swings by the moments the bob crosses the vertical from right to left
local crossings, lastX, longest = {}, bob.center.x, 0
while #crossings < 3 and animator.time < 10 do
  animator:step(1 / 240)
  local x = bob.center.x
  if lastX >= pivot.x and x < pivot.x then crossings[#crossings + 1] = animator.elapsedTime end
  lastX = x
  longest = math.max(longest, math.abs((bob.center - pivot):length() - 200))
end
local period = (crossings[3] - crossings[1]) / 2
local expected = 2 * math.pi * math.sqrt(200 / 1000)
print(string.format("measured period %.3f s, small-swing formula %.3f s; the rod stretched at most %.2f pt",
  period, expected, longest))
assert(math.abs(period - expected) / expected < 0.02)
assert(longest < 1)
