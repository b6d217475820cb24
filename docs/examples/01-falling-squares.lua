-- Two squares fall onto the bottom of the reference bounds (UIKit's classic first demo).
-- Notice: both land at the same moment whatever their size, because gravity accelerates every item
-- the same (1000 pt/s^2 for magnitude 1), and they come to rest with their bottom edge on y = 568.

animator = Animator{ width = 320, height = 568 }
red = View{ center = {100, 100}, size = {60, 60}, name = "red", color = "red" }
blue = View{ center = {220, 100}, size = {100, 100}, name = "blue", color = "blue" }

animator:addBehavior(Gravity{ red, blue })
animator:addBehavior(Collision{ red, blue, translatesReferenceBoundsIntoBoundary = true })

-- Falling 438 pt from rest takes sqrt(2 * 438 / 1000) = 0.94 s; watch the centres every 0.25 s.
for _ = 1, 4 do
  animator:run(0.25)
  print(string.format("t=%.2fs  red y=%6.1f  blue y=%6.1f", animator.elapsedTime, red.center.y, blue.center.y))
end

local took = animator:runUntilRest()
print(string.format("at rest after %.2f more seconds", took))
print(red)
print(blue)
-- A square rests when its centre is half its height above the floor.
assert(math.abs(red.center.y - (568 - 30)) < 1.5, "red rests on the floor")
assert(math.abs(blue.center.y - (568 - 50)) < 1.5, "blue rests on the floor")
print("red rests at y = 568 - 30, blue at y = 568 - 50: each on its bottom edge")
