-- ItemGroup (UIDynamicItemGroup): members move as one rigid body, the group is an item.

local a = View{ center = {100, 100}, size = {40, 40}, name = "a" }
local b = View{ center = {140, 100}, size = {40, 20}, name = "b" }
local c = View{ center = {120, 140}, size = {20, 20}, shape = "ellipse", name = "c" }
local g = ItemGroup{ a, b, c, name = "trio" }
assert(ItemGroup(View{ center = {0, 0}, size = {1, 1} }).name:match("^group%d+$"))
assert(#g.items == 3 and g.items[1] == a and g.items[3] == c)
near(g.mass, a.mass + b.mass + c.mass, 1e-12, "mass")
-- the centre of mass, weighted by area
local ma, mb, mc = 0.16, 0.08, math.pi * 100 / 10000
near(g.center.x, (100 * ma + 140 * mb + 120 * mc) / (ma + mb + mc), 1e-9, "center.x")
near(g.center.y, (100 * ma + 100 * mb + 140 * mc) / (ma + mb + mc), 1e-9, "center.y")
assert(g.angle == 0)
assert(g.bounds.width == 80 and g.bounds.height == 70, "bounds: the box around the members")
assert(tostring(g):find('ItemGroup "trio" {"a", "b", "c"}', 1, true), tostring(g))
expectError("ItemGroup.center is read-only", function() g.center = {0, 0} end)
expectError("ItemGroup.items is read-only", function() g.items = {} end)
expectError("ItemGroup has no field 'mas'", function() return g.mas end)

-- it falls as one body and members keep their places in it
local animator = Animator{ width = 320, height = 480 }
local falling = Gravity(g)
animator:addBehavior(falling)
local collision = Collision{ g }
collision.translatesReferenceBoundsIntoBoundary = true
local touched
collision.delegate = { beganBoundaryContact = function(_, _, item) touched = touched or item end }
animator:addBehavior(collision)
assert(animator.items[1] == g and #animator.items == 1, "the group is the item, not its members")
assert(g.animator == animator and a.animator == nil)
local d0 = (a.center - c.center):length()
animator:run(2)
near((a.center - c.center):length(), d0, 0.5, "members keep their distance")
assert(touched == g, "delegates hand back the group")
assert(g.frame.y + g.frame.height > 470, "it reached the floor")

-- a member also in a behaviour by itself: an error that says so
expectError("group", function() animator:addBehavior(Gravity(a)) end)
expectError("group", function() falling:addItem(b) end)
expectError("group", function()
  local x = View{ center = {0, 0}, size = {1, 1} }
  Animator():addBehavior(Gravity{ ItemGroup{ x }, x })
end)
expectError("group", function()
  local y = View{ center = {0, 0}, size = {1, 1} }
  local other = Animator()
  other:addBehavior(Gravity(y))
  other:addBehavior(Collision(ItemGroup(y)))
end)

-- bad input
expectError("bad argument #1 to 'ItemGroup' (a group needs at least one item", function() ItemGroup{} end)
expectError("bad argument #1 to 'ItemGroup' (the item 'a' is in the group twice)", function() ItemGroup{ a, a } end)
expectError("groups do not nest", function() ItemGroup{ g } end)
expectError("bad argument #1 to 'ItemGroup' (field '[2]': View expected, got number)", function() ItemGroup{ a, 2 } end)
expectError("bad argument #2 to 'ItemGroup' (View expected, got string)", function() ItemGroup(a, "b") end)
expectError("ItemGroup has no option 'nmae'", function() ItemGroup{ a, nmae = "x" } end)

-- once the group leaves, its members are free for behaviours of their own
animator:removeAllBehaviors()
animator:addBehavior(Gravity(a))
assert(a.animator == animator)
