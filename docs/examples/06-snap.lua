-- Snap: the item springs to a point, settles there and turns back to angle 0.
-- Notice: low damping overshoots and wobbles before settling; high damping glides in.

local function snapTo(damping)
  local animator = Animator{ width = 320, height = 568 }
  local v = View{ center = {40, 40}, size = {50, 50}, angle = 1.2, name = "damping " .. damping }
  animator:addBehavior(Snap(v, {200, 300}, { damping = damping }))
  local farthest = 0
  while animator.isRunning and animator.elapsedTime < 10 do
    animator:step()
    farthest = math.max(farthest, v.center.x)
  end
  print(string.format("damping %.1f: overshot to x=%.1f, rested after %.2f s at %s angle %.3f",
    damping, farthest, animator.elapsedTime, v.center, v.angle))
  assert(math.abs(v.center.x - 200) < 1 and math.abs(v.center.y - 300) < 1, "settles on the snap point")
  assert(math.abs(v.angle) < 0.05, "turns back to angle 0")
  return farthest
end

wobbly = snapTo(0.1)
smooth = snapTo(0.9)
assert(wobbly > smooth, "less damping overshoots more")
print("less damping, more overshoot; both end on the point, upright")
