-- Lesson 2: collisions and elasticity.
-- Run it:  luadyn docs/lessons/02-collisions.lua [FOLDER]   (FOLDER, or $LUADYN_PICTURES, receives an SVG picture)
-- You will see: a ball bouncing on the floor, each bounce leaving at `elasticity` times the speed it arrived with,
-- then two balls meeting head on, sharing their momentum exactly.

local folder = os.getenv("LUADYN_PICTURES") or (arg and arg[1])
local function check(claim, ok)
  print((ok and "  ✓ " or "  ✗ ") .. claim)
  assert(ok, claim)
end

local elasticity = 0.8          -- 0: a lump of clay, 1: a perfect bounce (UIDynamicItemBehavior.elasticity)

-- Part 1: a ball dropped on the floor.
animator = Animator{ width = 320, height = 320 }
ball = View{ center = {160, 60}, size = {40, 40}, shape = "ellipse", name = "ball", color = "crimson" }
animator:addBehavior(Gravity{ ball })
walls = Collision{ ball, translatesReferenceBoundsIntoBoundary = true }
animator:addBehavior(walls)
animator:addBehavior(ItemBehavior{ ball, elasticity = elasticity })

local touches = 0
walls.delegate = {
  beganBoundaryContact = function(self, behavior, item, id, point)
    touches = touches + 1
    if touches == 1 then
      print(string.format("The ball touches the floor at %s, %.2f s after it was let go:", tostring(point),
        animator.elapsedTime))
      animator:draw{ width = 40, contacts = true }
      if folder then
        animator:snapshot(folder .. "/02-collisions.svg", { velocities = true, contacts = true })
        print("(picture with the contact point: " .. folder .. "/02-collisions.svg)")
      end
    end
  end,
}

print("A ball falls 240 pt onto the floor. Its elasticity is " .. elasticity .. ".")
local bounces = {}
local previous = ball.velocity.y
while #bounces < 2 and animator.time < 5 do
  animator:step(1 / 240)
  local now = ball.velocity.y
  if previous > 0 and now < 0 then bounces[#bounces + 1] = { before = previous, after = -now } end
  previous = now
end
print("\nEach bounce, the speed going up over the speed coming down:")
for i, b in ipairs(bounces) do
  print(string.format("  bounce %d: %.0f pt/s down, %.0f pt/s up, ratio %.3f", i, b.before, b.after, b.after / b.before))
end
check("two bounces seen", #bounces == 2)
for i, b in ipairs(bounces) do
  check(string.format("bounce %d leaves at elasticity x the arrival speed (%.3f vs %.3f)", i, b.after / b.before,
    elasticity), math.abs(b.after / b.before - elasticity) < 0.05)
end
check("a bounce heard by the collision delegate each time", touches >= 2)

-- Part 2: two balls meet head on, with no gravity.
print("\nNow two equal balls on a table: the left one rolls at 200 pt/s into the right one, which is still.")
table2 = Animator{ width = 320, height = 120 }
left = View{ center = {60, 60}, size = {40, 40}, shape = "ellipse", name = "A", color = "steelblue" }
right = View{ center = {200, 60}, size = {40, 40}, shape = "ellipse", name = "B", color = "seagreen" }
table2:addBehavior(Collision{ left, right })
table2:addBehavior(ItemBehavior{ left, right, elasticity = elasticity })
left.velocity = Point(200, 0)
local momentumBefore = left.mass * left.velocity.x + right.mass * right.velocity.x
table2:draw{ width = 40 }
table2:run(1)
table2:draw{ width = 40 }
local momentumAfter = left.mass * left.velocity.x + right.mass * right.velocity.x
print(string.format("After: A moves at %.1f pt/s, B at %.1f pt/s.", left.velocity.x, right.velocity.x))
check(string.format("momentum m v is kept (%.2f before, %.2f after)", momentumBefore, momentumAfter),
  math.abs(momentumAfter - momentumBefore) < 0.01 * math.abs(momentumBefore))
check(string.format("B leaves at 200 (1 + e) / 2 = %.1f pt/s", 200 * (1 + elasticity) / 2),
  math.abs(right.velocity.x - 200 * (1 + elasticity) / 2) < 0.03 * 200)
check(string.format("A keeps 200 (1 - e) / 2 = %.1f pt/s", 200 * (1 - elasticity) / 2),
  math.abs(left.velocity.x - 200 * (1 - elasticity) / 2) < 0.03 * 200)

print("\nYour turn: on line 12, change elasticity = 0.8 to 1, then to 0.3, and run again.")
print("At 1 the balls swap their speeds like Newton's cradle; at 0.3 the bounce dies almost at once.")
