-- Newton's cradle: five balls on strings, elasticity 1, no friction.
-- Notice: pull one ball aside and let go: it stops dead when it strikes, and the ball at the far end flies out;
-- momentum and energy pass through the row.

animator = Animator{ width = 400, height = 400 }
local radius, length, n = 20, 200, 5
balls = {}
for i = 1, n do
  -- the balls touch: the blow travels through the row as a sequence of two-ball collisions
  local x = 120 + 2 * radius * (i - 1)
  local pivot = Point(x, 50)
  local ball
  if i == 1 then
    -- the first ball is pulled out to the left, 60 degrees
    local a = math.rad(60)
    ball = View{ center = pivot + Point(-math.sin(a), math.cos(a)) * length, size = {2 * radius, 2 * radius},
                 shape = "ellipse", name = "ball" .. i }
  else
    ball = View{ center = pivot + Point(0, length), size = {2 * radius, 2 * radius}, shape = "ellipse", name = "ball" .. i }
  end
  balls[i] = ball
  animator:addBehavior(Attachment(ball, { anchor = pivot }))
end
animator:addBehavior(Gravity(table.unpack(balls)))
animator:addBehavior(Collision(table.unpack(balls)))
animator:addBehavior(ItemBehavior{ balls[1], balls[2], balls[3], balls[4], balls[5], elasticity = 1, friction = 0 })

-- run until just after the strike, at the default settings (frames of 1/60 s, 4 sub-steps)
local struck = false
local last = balls[n]
while animator.time < 2 do
  animator:step()
  if last.velocity.x > 50 then struck = true; break end
end
animator:run(0.05)
for i, b in ipairs(balls) do print(string.format("ball %d moves at %6.1f pt/s", i, b.velocity.x)) end
assert(struck, "the last ball flies out")
assert(math.abs(balls[1].velocity.x) < 0.05 * last.velocity.x, "the first ball stops")
print("the first ball stopped and the last one left at nearly its speed")
