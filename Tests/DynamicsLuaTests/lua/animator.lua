-- Animator (API.md "Animator").
local a = Animator{ width = 320, height = 568 }
local rb = a.referenceBounds
assert(rb.x == 0 and rb.y == 0 and rb.width == 320 and rb.height == 568)
assert(Animator().referenceBounds == nil and Animator{}.referenceBounds == nil)
local ref = View{ center = {0, 0}, size = {200, 100} }
assert(Animator(ref).referenceBounds.width == 200)
near(a.timeStep, 1 / 60, 1e-15, "default timeStep")
assert(a.substeps == 4 and a.elapsedTime == 0 and a.isRunning == false)
assert(#a.behaviors == 0 and #a.items == 0)

local v1 = View{ center = {100, 100}, size = {20, 20}, name = "one" }
local v2 = View{ center = {200, 100}, size = {20, 20}, name = "two" }
local g, c = Gravity{ v1 }, Collision{ v2, v1 }
a:addBehavior(g); a:addBehavior(c)
assert(a.behaviors[1] == g and a.behaviors[2] == c, "behaviors in order added")
assert(#a.items == 2 and a.items[1] == v1 and a.items[2] == v2)
assert(v1.animator == a and g.animator == a)
assert(a.isRunning, "adding a behaviour resumes the animator")
local hits = a:itemsIn{150, 0, 100, 200}
assert(#hits == 1 and hits[1] == v2)

-- stepping: one frame of timeStep, or of dt
a:step()
near(a.elapsedTime, 1 / 60, 1e-12, "one frame")
a:step(0.01)
near(a.elapsedTime, 1 / 60 + 0.01, 1e-12, "a frame of dt")
a:run(0.5)
near(a.elapsedTime, 1 / 60 + 0.01 + 0.5, 1 / 60, "run(0.5)")
a.timeStep = 1 / 120; near(a.timeStep, 1 / 120, 1e-15)
a.substeps = 8; assert(a.substeps == 8)
-- workerCount: threads a step may use, by default every core the process may use
assert(math.type(a.workerCount) == "integer" and a.workerCount >= 1)
a.workerCount = 3; assert(a.workerCount == 3)
assert(Animator{ workerCount = 1 }.workerCount == 1)

-- state(): one entry per item
local state = a:state()
assert(#state == 2 and state[1].name == "one" and getmetatable(state[1].center).__name == "Point")
assert(type(state[1].angle) == "number" and state[1].velocity.y > 0 and type(state[2].angularVelocity) == "number")
assert(tostring(a):find("Animator 320x568 t=", 1, true), tostring(a))

-- removing
a:removeBehavior(g)
assert(#a.behaviors == 1 and g.animator == nil)
a:removeAllBehaviors()
assert(#a.behaviors == 0 and #a.items == 0 and v1.animator == nil)

-- a paused animator does not advance time; the delegate hears pause and resume
local b = Animator{ width = 100, height = 100 }
local heard = {}
b.delegate = { didPause = function(self, animator) heard[#heard + 1] = "pause"; assert(animator == b) end,
               willResume = function(self, animator) heard[#heard + 1] = "resume" end }
local box = View{ center = {50, 80}, size = {20, 20} }
b:addBehavior(Gravity{ box }); b:addBehavior(Collision{ box, translatesReferenceBoundsIntoBoundary = true })
local took = b:runUntilRest(20)
assert(took > 0 and took < 20, "comes to rest: " .. took)
assert(not b.isRunning)
assert(heard[1] == "resume" and heard[#heard] == "pause", table.concat(heard, ","))
local t = b.elapsedTime
b:step()
assert(b.elapsedTime == t, "stepping a paused animator does nothing")
box.center = {50, 20}
assert(b.isRunning, "moving an item by hand resumes")
assert(b.delegate.didPause ~= nil)

-- errors
expectError("Animator has no option 'widht' (did you mean 'width'?)", function() return Animator{ widht = 1, height = 1 } end)
expectError("give both width and height", function() return Animator{ width = 10 } end)
expectError("bad argument #1 to 'Animator' (field 'width': number must be positive, got -1",
  function() return Animator{ width = -1, height = 1 } end)
expectError("bad argument #1 to 'step' (number must be positive, got 0", function() a:step(0) end)
expectError("bad argument #1 to 'addBehavior' (behavior expected, got number)", function() a:addBehavior(1) end)
expectError("bad value for Animator.substeps (integer expected, got a fraction)", function() a.substeps = 1.5 end)
expectError("would be more than 100000000 frames", function() a:run(1e300) end)
expectError("bad value for Animator.workerCount (integer expected, got a fraction)", function() a.workerCount = 1.5 end)
expectError("bad value for Animator.workerCount (integer expected, got string)", function() a.workerCount = "2" end)
expectError("bad value for Animator.workerCount (workerCount must be between 1 and 64, got 0)",
  function() a.workerCount = 0 end)
expectError("workerCount must be between 1 and 64, got 65", function() return Animator{ workerCount = 65 } end)
expectError("Animator.isRunning is read-only", function() a.isRunning = true end)
expectError("Animator has no field 'ellapsedTime' (did you mean 'elapsedTime'?)", function() return a.ellapsedTime end)
local other = Animator()
local shared = Gravity{}
other:addBehavior(shared)
expectError("already", function() a:addBehavior(shared) end)

-- allowsSleep (not in UIKit): false keeps items awake, so the animator never pauses.
do
  local awake = Animator{ width = 200, height = 200, allowsSleep = false }
  assert(awake.allowsSleep == false)
  local box = View{ center = {100, 100}, size = {40, 40} }
  awake:addBehavior(Gravity{ box })
  awake:addBehavior(Collision{ box, translatesReferenceBoundsIntoBoundary = true })
  awake:run(5)
  assert(awake.isRunning, "an animator that may not sleep keeps running")
  awake.allowsSleep = true
  awake:run(3)
  assert(not awake.isRunning, "with sleep allowed it pauses once the box rests")
  expectError("bad value for Animator.allowsSleep (boolean expected, got number)", function() awake.allowsSleep = 1 end)
  expectError("bad argument #1 to 'Animator' (field 'allowsSleep': boolean expected, got string)",
    function() return Animator{ allowsSleep = "no" } end)
end

-- Queries: which items contain a point, and what a ray meets first.
do
  local q = Animator{ width = 400, height = 300 }
  local box = View{ center = {100, 50}, size = {40, 40}, name = "qbox" }
  local c = Collision{ box }
  c:addBoundary("wall", {300, 0}, {300, 300})
  q:addBehavior(c)
  local at = q:itemsAt{100, 50}
  assert(#at == 1 and at[1] == box and #q:itemsAt(Point(130, 50)) == 0)
  local hit = q:rayCast({0, 50}, {400, 50})
  assert(hit.item == box and hit.boundary == nil and hit.point == Point(80, 50) and hit.normal == Point(-1, 0))
  near(hit.fraction, 0.2)
  hit = q:rayCast({200, 50}, {400, 50})
  assert(hit.item == nil and hit.boundary == "wall" and hit.point == Point(300, 50))
  assert(q:rayCast({0, 200}, {100, 200}) == nil)
  expectError("bad argument #2 to 'rayCast' (point expected", function() q:rayCast({0, 0}, "x") end)
  expectError("bad argument #1 to 'itemsAt' (point expected", function() q:itemsAt(5) end)
end
