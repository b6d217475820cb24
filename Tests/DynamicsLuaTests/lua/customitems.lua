-- Custom items: any table with center and bounds or size is an item wherever a View is.

-- A table falls exactly like a View of the same size.
local view = View{ center = {100, 50}, size = {30, 30} }
local plain = { center = {200, 50}, size = {30, 30}, name = "plain" }
-- A proxy: every assignment goes through __newindex, which records it.
local store = { center = Point(300, 50), bounds = {0, 0, 30, 30} }
local updates = {}
local proxy = setmetatable({}, {
  __index = store,
  __newindex = function(_, key, value) updates[#updates + 1] = key; store[key] = value end,
})
local animator = Animator{ width = 400, height = 600 }
local gravity = Gravity{ view, plain }
gravity:addItem(proxy)
animator:addBehavior(gravity)
assert(animator.items[2] == plain and animator.items[3] == proxy, "the same tables come back")
assert(gravity.items[3] == proxy)
for frame = 1, 60 do
  animator:step()
  assert(#updates == 2 * frame, "each frame assigns center and angle once")
end
assert(updates[1] == "center" and updates[2] == "angle")
assert(getmetatable(plain.center) == getmetatable(Point(0, 0)), "center is a Point")
near(plain.center.y, view.center.y, 0.1, "a table falls like a View")
near(store.center.y, view.center.y, 0.1, "a proxy falls like a View")
near(plain.center.x, 200, 1e-9, "x")
assert(plain.angle == 0)

-- Works in other behaviours too: a snap, an attachment, a group, a collision delegate.
local anim2 = Animator{ width = 200, height = 200 }
local card = { center = {50, 50}, size = {20, 20}, collisionBoundsType = "ellipse" }
anim2:addBehavior(Snap(card, {150, 150}))
anim2:runUntilRest(10)
near(card.center.x, 150, 0.5, "snapped x")
local member = { center = {20, 20}, size = {10, 10} }
local group = ItemGroup{ member, View{ center = {40, 20}, size = {10, 10} } }
local anim3 = Animator{ width = 200, height = 200 }
anim3:addBehavior(Gravity(group))
anim3:run(0.5)
assert(member.center.y > 100, "a table in a group moves with it")

-- collision delegates hand back the same tables; a path outline works as in a View
local ball = { center = {115, 40}, size = {20, 20}, collisionBoundsType = "ellipse", name = "ball" }
local wedge = { center = {100, 150}, size = {60, 30}, collisionBoundsType = "path",
  collisionBoundingPath = Path.polygon{ {-30, 15}, {30, 15}, {0, -15} } }
local anim5 = Animator{ width = 200, height = 200 }
anim5:addBehavior(Gravity(ball))
anim5:addBehavior(ItemBehavior{ wedge, anchored = true })
local hits = {}
local bump = Collision{ ball, wedge }
bump.delegate = { beganContact = function(_, _, one, two) hits[#hits + 1] = { one, two } end }
anim5:addBehavior(bump)
anim5:run(0.8)
assert(#hits >= 1, "they touched")
assert((hits[1][1] == ball and hits[1][2] == wedge) or (hits[1][1] == wedge and hits[1][2] == ball), "the same tables")
-- On the wedge's box it would rest at x = 115; on its sloping side it slides away to the right.
assert(ball.center.x > 125, "the ball slides down the wedge's slope: " .. tostring(ball.center))
assert(anim5:itemsAt({100, 145})[1] == wedge)

-- a table can be the reference view
local screen = Animator{ center = {160, 284}, size = {320, 568} }
assert(screen.referenceBounds.width == 320 and screen.referenceBounds.height == 568)

-- updateItem re-reads the table
local t = { center = {10, 10}, size = {10, 10} }
local anim4 = Animator()
anim4:addBehavior(ItemBehavior{ t })
t.center = {70, 80}
anim4:updateItem(t)
anim4:step()
near(t.center.x, 70, 1e-9, "re-read x")

-- bad input names the function and argument
expectError("bad argument #1 to 'Gravity' (field '[1]': a table used as an item needs center",
  function() Gravity{ { size = {10, 10} } } end)
expectError("bad argument #1 to 'Snap' (a table used as an item needs bounds",
  function() Snap({ center = {0, 0} }, {0, 0}) end)
expectError("bad argument #1 to 'Snap' (field 'size': size must be positive", function()
  Snap({ center = {0, 0}, size = {0, 10} }, {1, 1})
end)
expectError("bad argument #1 to 'Snap' (field 'center': finite number expected for point element 1 (x)", function() Snap({ center = {0 / 0, 0}, size = {1, 1} }, {1, 1}) end)
expectError("field 'collisionBoundsType': 'circle' is not one of", function()
  Snap({ center = {0, 0}, size = {1, 1}, collisionBoundsType = "circle" }, {1, 1})
end)
expectError("field 'collisionBoundingPath': Path expected", function()
  Snap({ center = {0, 0}, size = {1, 1}, collisionBoundsType = "path" }, {1, 1})
end)
expectError("reading the item table's fields raised an error", function()
  Snap(setmetatable({}, { __index = function() error("no fields here") end }), {1, 1})
end)
