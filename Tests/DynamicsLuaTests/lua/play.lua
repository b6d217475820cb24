-- animator:play off a terminal: it steps the whole time at once and prints only the last frame.

local a = Animator{ width = 200, height = 200 }
local ball = View{ center = {100, 20}, size = {20, 20}, shape = "ellipse", name = "ball" }
a:addBehavior(Gravity{ ball })
a:addBehavior(Collision{ ball, translatesReferenceBoundsIntoBoundary = true })

local twin = Animator{ width = 200, height = 200 }
local twinBall = View{ center = {100, 20}, size = {20, 20}, shape = "ellipse", name = "ball" }
twin:addBehavior(Gravity{ twinBall })
twin:addBehavior(Collision{ twinBall, translatesReferenceBoundsIntoBoundary = true })

local out
local played
out = captured(function() played = a:play(0.5, { width = 30 }) end)
near(played, 0.5, 1e-9, "simulated time played")
near(a.elapsedTime, 0.5, 1e-9)
twin:run(0.5)
near(ball.center.y, twinBall.center.y, 0, "play steps exactly the frames run does")
-- the last frame and a status line, nothing else
assert(out:find("t = 0.50 s", 1, true), out)
assert(out:sub(1, #a:drawing{ width = 30 }) == a:drawing{ width = 30 }, "the printed picture is the last frame")
assert(not out:find("\27", 1, true), "no escape codes off a terminal")

-- slow motion steps the same frames
captured(function() a:play(0.25, { speed = 0.25, width = 20 }) end)
near(a.elapsedTime, 0.75, 1e-9)

-- an error in a callback stops play after that frame, reported like any step
local g = Gravity{ ball }
local calls = 0
g.action = function() calls = calls + 1; if calls == 3 then error("boom") end end
a:addBehavior(g)
captured(function() a:play(1) end)
assert(calls == 3, "play stopped after the frame whose action failed, ran " .. calls)

expectError("bad argument #1 to 'play' (number expected, got no value)", function() a:play() end)
expectError("bad argument #1 to 'play' (number must not be negative", function() a:play(-1) end)
expectError("bad argument #2 to 'play' (field 'speed': number must be positive", function() a:play(1, { speed = 0 }) end)
expectError("did you mean 'speed'?", function() a:play(1, { sped = 2 }) end)
