-- ItemBehavior (API.md "ItemBehavior"): defaults, limits, and the one added last wins.
local i = ItemBehavior()
assert(i.elasticity == 0 and i.friction == 0 and i.density == 1 and i.resistance == 0)
assert(i.angularResistance == 0 and i.allowsRotation == true and i.anchored == false and i.charge == 0)
local v = View{ center = {0, 0}, size = {100, 100} }
local props = ItemBehavior{ v, elasticity = 0.5, friction = 0.2, density = 3, resistance = 1,
                            angularResistance = 2, allowsRotation = false, anchored = false, charge = -1 }
assert(props.elasticity == 0.5 and props.friction == 0.2 and props.density == 3 and props.resistance == 1)
assert(props.angularResistance == 2 and props.allowsRotation == false and props.charge == -1)
local a = Animator()
a:addBehavior(props)
a:step()
near(v.mass, 3, 1e-12, "density sets the mass once in an animator")
-- the one added last wins
a:addBehavior(ItemBehavior{ v, density = 2 })
a:step()
near(v.mass, 2, 1e-12, "the later item behaviour's density wins")

props:addLinearVelocity(v, {10, 0})
near(props:linearVelocity(v).x, 10, 1e-9, "addLinearVelocity")
props:addAngularVelocity(v, 1.5)
near(props:angularVelocity(v), 1.5, 1e-9, "addAngularVelocity")

-- anchored items do not move, but others collide with them
local b = Animator{ width = 400, height = 400 }
local floor = View{ center = {200, 300}, size = {400, 20} }
local ball = View{ center = {200, 100}, size = {20, 20}, shape = "ellipse" }
b:addBehavior(Gravity{ floor, ball })
b:addBehavior(Collision{ floor, ball })
b:addBehavior(ItemBehavior{ floor, anchored = true })
b:runUntilRest(10)
assert(floor.center == Point(200, 300), "an anchored item stays")
near(ball.center.y, 300 - 10 - 10, 1, "the ball rests on it")

-- an anchored item given a velocity moves at it and carries what rests on it; zero stops it
local k = Animator{ width = 800, height = 400 }
local belt = View{ center = {400, 300}, size = {1600, 20} }
local crate = View{ center = {400, 270}, size = {40, 40} }
k:addBehavior(Gravity{ crate })
k:addBehavior(Collision{ belt, crate })
k:addBehavior(ItemBehavior{ belt, anchored = true })
k:addBehavior(ItemBehavior{ crate, friction = 0.5 })
belt.velocity = {50, 0}
k:run(1)
near(belt.center.x, 450, 1e-9, "the belt moved at its velocity")
near(crate.velocity.x, 50, 0.5, "the crate rides along")
belt.velocity = {0, 0}
k:run(1)
near(belt.center.x, 450, 1e-9, "zero velocity stops the belt")
near(crate.velocity.x, 0, 0.5, "and the crate with it")

-- elasticity 1 bounces back up
local c = Animator{ width = 400, height = 400 }
local bouncy = View{ center = {200, 200}, size = {20, 20}, shape = "ellipse" }
c:addBehavior(Gravity{ bouncy })
c:addBehavior(Collision{ bouncy, translatesReferenceBoundsIntoBoundary = true })
c:addBehavior(ItemBehavior{ bouncy, elasticity = 1 })
local lowest, rose = 0, false
for _ = 1, 60 do
  c:step()
  lowest = math.max(lowest, bouncy.center.y)
  if bouncy.velocity.y < -100 then rose = true end
end
assert(rose, "bounced back up")

expectError("bad value for ItemBehavior.elasticity (number must not be negative, got -1", function() i.elasticity = -1 end)
expectError("bad value for ItemBehavior.density (number must be positive, got 0", function() i.density = 0 end)
expectError("bad argument #1 to 'ItemBehavior' (field 'friction': number must not be negative", function() return ItemBehavior{ friction = -0.1 } end)
expectError("ItemBehavior has no field 'elastic' (did you mean 'elasticity'?)", function() i.elastic = 1 end)
expectError("bad value for ItemBehavior.anchored (boolean expected, got string)", function() i.anchored = "yes" end)
