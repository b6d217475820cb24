-- Behavior (API.md "Every behaviour"): composites, children, actions.
local v = View{ center = {0, 0}, size = {10, 10} }
local g, push = Gravity{ v }, Push{ v }
local frames = 0
local group = Behavior{ children = { g, push }, action = function(b) frames = frames + 1 end }
assert(#group.children == 2 and group.children[1] == g)
assert(type(group.action) == "function")
local a = Animator()
a:addBehavior(group)
assert(g.animator == a, "children join the animator with their parent")
assert(#a.items == 1 and a.items[1] == v)
a:step(); a:step(); a:step()
assert(frames == 3, "an action runs once per frame")
group:removeChild(push)
assert(#group.children == 1 and push.animator == nil)
group:addChild(push)
assert(#group.children == 2)
-- every behaviour takes an action, as a field or an option
local seen
g.action = function(b) seen = b end
a:step()
assert(seen == g, "the action receives its behaviour")
g.action = nil
assert(g.action == nil)
local snapAction = Snap(View{ center = {0, 0}, size = {1, 1} }, {1, 1}, { action = function() end })
assert(type(snapAction.action) == "function")

-- a behaviour may appear once in an animator's tree
expectError("already", function() Behavior():addChild(g) end)
expectError("bad argument #1 to 'Behavior' (field 'children[1]': behavior expected, got number)", function() return Behavior{ children = {1} } end)
expectError("bad value for Gravity.action (function or nil expected, got number)", function() g.action = 3 end)
expectError("bad argument #1 to 'addChild' (behavior expected, got no value)", function() group:addChild() end)
expectError("Behavior has no option 'child' (did you mean", function() return Behavior{ child = {} } end)

-- removing items and behaviours inside callbacks takes effect before the next step
local b = Animator{ width = 320, height = 568 }
local items = {}
for k = 1, 3 do items[k] = View{ center = {60 + 100 * (k - 1), 100 * k}, size = {40, 40} } end
local col = Collision{ items[1], items[2], items[3], translatesReferenceBoundsIntoBoundary = true }
local removed = 0
col.delegate = { beganBoundaryContact = function(self, c, item) item:removeFromSuperview(); removed = removed + 1 end }
b:addBehavior(Gravity{ items[1], items[2], items[3] }); b:addBehavior(col)
b:run(2)
assert(removed == 3 and #b.items == 0 and items[1].animator == nil, "each landed item was removed")
-- an action that adds a behaviour
local c = Animator()
local late = View{ center = {0, 0}, size = {10, 10} }
local added = false
local starter = Behavior{ action = function(self) if not added then c:addBehavior(Gravity{ late }); added = true end end }
c:addBehavior(starter)
c:step(); c:step()
assert(late.animator == c and late.velocity.y > 0, "the behaviour added in an action acts from the next step")
