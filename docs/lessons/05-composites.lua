-- Lesson 5: composite behaviours and delegates.
-- Run it:  luadyn docs/lessons/05-composites.lua [FOLDER]   (FOLDER, or $LUADYN_PICTURES, receives an SVG picture
-- and an HTML replay)
-- You will see: gravity and collision packed into one "falling" behaviour with an action that runs every frame,
-- a collision delegate that hears each box land, and the animator's delegate told when everything is at rest.

local folder = os.getenv("LUADYN_PICTURES") or (arg and arg[1])
local function check(claim, ok)
  print((ok and "  ✓ " or "  ✗ ") .. claim)
  assert(ok, claim)
end

local boxCount = 3              -- how many boxes fall

animator = Animator{ width = 320, height = 240 }
local colors = { "tomato", "gold", "mediumseagreen", "royalblue", "orchid", "sienna" }
local boxes = {}
for i = 1, boxCount do
  boxes[i] = View{ center = {40 + (i - 1) * 240 / math.max(1, boxCount - 1) * 0.99, 30 + 25 * i}, size = {36, 36},
                   angle = 0.2 * i, name = "b" .. i, color = colors[(i - 1) % #colors + 1] }
end

-- one behaviour made of two: UIKit's way to package behaviours (a UIDynamicBehavior with child behaviours)
gravity = Gravity(table.unpack(boxes))
collision = Collision(table.unpack(boxes))
collision.translatesReferenceBoundsIntoBoundary = true
local frames = 0
falling = Behavior{ children = { gravity, collision }, action = function() frames = frames + 1 end }
animator:addBehavior(falling)
print(string.format("%d boxes, one composite behaviour 'falling' holding gravity and collision.", boxCount))
check("the animator has one top-level behaviour", #animator.behaviors == 1)
check("its children are in the animator too", gravity.animator == animator and collision.animator == animator)

-- the collision delegate hears each box land on the floor (the reference boundary has identifier nil)
local landed, landings = {}, 0
collision.delegate = {
  beganBoundaryContact = function(self, behavior, item, id, point)
    if id == nil and not landed[item] and point.y > 200 then
      landed[item] = animator.elapsedTime
      landings = landings + 1
      print(string.format("  delegate: %s landed at t = %.2f s", item.name, animator.elapsedTime))
    end
  end,
}
-- the animator's delegate is told when everything is at rest, and when it wakes again
local pauses, pausedAt = 0, nil
animator.delegate = {
  didPause = function(self, a) pauses = pauses + 1; pausedAt = a.elapsedTime end,
  willResume = function(self, a) print("  delegate: the animator wakes up") end,
}

animator:record()
print("\nLet them fall (live in a terminal; piped, only the last frame shows):")
animator:play(1.5)
local rest = animator:runUntilRest(20)
print(string.format("\nEverything is at rest %.2f s after they were let go:", animator.elapsedTime))
animator:draw{ width = 40 }
animator:stopRecording()
if folder then
  animator:snapshot(folder .. "/05-composites.svg")
  animator:exportHTML(folder .. "/05-composites.html", { trails = true })
  print("(picture: " .. folder .. "/05-composites.svg, replay: " .. folder .. "/05-composites.html)")
end

check(string.format("every box landed once (%d landings)", landings), landings == boxCount)
check(string.format("the action ran once per frame (%d frames in %.3f s)", frames, animator.elapsedTime),
  frames == math.floor(animator.elapsedTime / animator.timeStep + 0.5))
check("didPause was called once, when all came to rest", pauses == 1 and pausedAt == animator.elapsedTime)
local t = animator.elapsedTime
animator:step()
check("a paused animator does not advance time", animator.elapsedTime == t and not animator.isRunning)

-- removing the composite removes everything it holds
animator:removeBehavior(falling)
check("without 'falling', gravity has no animator and no item is animated",
  gravity.animator == nil and #animator.items == 0)

print("\nYour turn: on line 13, change boxCount = 3 to 6 and run again.")
print("Every claim counts the boxes, so they should all still hold: six landings, one pause.")
