-- Lesson 7: view-controller transitions, UIKit's way to go from one screen to the next.
-- Run it:  luadyn docs/lessons/07-transitions.lua [FOLDER]   (FOLDER, or $LUADYN_PICTURES, receives an SVG picture
-- and an HTML replay)
-- You will see: the transition's context and its rules, a property animator sliding a screen in along UIKit's
-- easeInOut curve, an interactive swipe cancelled half-way, and a dismissal where the old screen's views fall
-- under gravity and the transition completes when they come to rest.

local folder = os.getenv("LUADYN_PICTURES") or (arg and arg[1])
local function check(claim, ok)
  print((ok and "  ✓ " or "  ✗ ") .. claim)
  assert(ok, claim)
end

local duration = 0.4            -- seconds the slide takes

-- two screens: a view controller is a title and a root view (the container's size) holding its views
local function screens()
  local list = ViewController{ title = "List", color = "whitesmoke", views = {
    View{ frame = {20, 30, 280, 50}, name = "row1", color = "lightblue" },
    View{ frame = {20, 90, 280, 50}, name = "row2", color = "lightblue" },
    View{ frame = {20, 150, 280, 50}, name = "row3", color = "lightblue" } } }
  local detail = ViewController{ title = "Detail", color = "lightyellow", views = {
    View{ center = {160, 120}, size = {160, 120}, name = "photo", color = "orange" } } }
  return list, detail
end

-- the animator of the transition (UIViewControllerAnimatedTransitioning) is a plain table
local Slide = {}
function Slide:transitionDuration(ctx) return duration end
function Slide:animateTransition(ctx)
  local to = ctx:viewForKey("to")
  local final = ctx:finalFrame(ctx:viewControllerForKey("to"))
  to.center = { final.x + final.width * 1.5, final.y + final.height / 2 }
  ctx.containerView:addSubview(to)                       -- the animator puts the to-view in the container
  self.pa = PropertyAnimator{ duration = duration, curve = "easeInOut" }
  self.pa:addAnimations(function() to.center = { final.x + final.width / 2, final.y + final.height / 2 } end)
  self.pa:addCompletion(function() ctx:completeTransition(not ctx.transitionWasCancelled) end)
  self.pa:startAnimation()
end
function Slide:interruptibleAnimator(ctx) return self.pa end
function Slide:animationEnded(completed) self.ended = (self.ended or 0) + 1; self.completed = completed end

print("1. A slide-over, step by step.")
local list, detail = screens()
local t = Transition{ from = list, to = detail, size = {320, 240}, animator = Slide }
local ctx = t:start()
check("at the start only the from-view is in the container... then the animator added the to-view",
  #ctx.containerView.subviews == 2 and ctx.containerView.subviews[1] == list.view)
check("the final frame of the disappearing screen is a zero rect", ctx:finalFrame(list).width == 0)
local startX = detail.view.center.x
t:run(duration / 4)
-- easeInOut is the cubic Bezier (0.42, 0) (0.58, 1): a quarter of the time moves it 12.9% of the way
local moved = (startX - detail.view.center.x) / (startX - 160)
print(string.format("   a quarter of the time in, the new screen has come %.1f%% of the way", moved * 100))
check("easeInOut starts slowly: less than a quarter of the way after a quarter of the time", moved < 0.25 and moved > 0.1)
t:draw{ width = 40 }
t:runUntilDone()
check("completed: the to-view sits at its final frame, the from-view has left the container",
  detail.view.center == Point(160, 120) and list.view.superview == nil)
check("animationEnded was called once, with true", Slide.ended == 1 and Slide.completed == true)

print("\n2. An interactive swipe that gives up half-way.")
Slide.ended = 0
list, detail = screens()
local finger = PercentDrivenTransition{}
t = Transition{ from = list, to = detail, size = {320, 240}, animator = Slide, interactive = finger }
t:start()
startX = detail.view.center.x
for p = 0.1, 0.5, 0.1 do finger:update(p); t:step() end
print(string.format("   at 50%% the new screen is at x = %.1f (half-way from %.0f to 160)", detail.view.center.x, startX))
check("scrubbing is linear: half-way at 50%", math.abs(detail.view.center.x - (startX + 160) / 2) < 0.5)
finger:cancel()
t:runUntilDone()
check("cancelled: everything went back, and the transition says so",
  t.wasCancelled and math.abs(detail.view.center.x - startX) < 0.5 and list.view.superview ~= nil)

print("\n3. A dismissal driven by physics: the rows fall away, collide and pile up.")
list, detail = screens()
local Fall = {}
function Fall:transitionDuration() return 1 end
function Fall:animateTransition(ctx)
  local from = ctx:viewForKey("from")
  ctx.containerView:addSubview(ctx:viewForKey("to"))
  -- the rows move into the container, over the new screen (the two root views share the container's origin,
  -- so their centers mean the same there); they go back to their screen when it is over
  local rows = from.subviews
  for _, row in ipairs(rows) do ctx.containerView:addSubview(row) end
  local world = Animator(ctx.containerView)              -- stepped by the transition
  world:addBehavior(Gravity(rows))
  local walls = Collision(rows)
  walls.translatesReferenceBoundsIntoBoundary = true
  world:addBehavior(walls)
  local rough = ItemBehavior(rows)
  rough.friction = 0.6
  world:addBehavior(rough)
  world.delegate = { didPause = function()
    for _, row in ipairs(rows) do from:addSubview(row) end
    ctx:completeTransition(true)
  end }
end
t = Transition{ from = list, to = detail, size = {320, 240}, animator = Fall }
t:record()
t:run(0.6)
print("   0.6 s after the rows were let go:")
t:draw{ width = 40 }
if folder then t:snapshot(folder .. "/07-transitions.svg") end
local seconds = t.time + t:runUntilDone(5)
t:stopRecording()
print(string.format("   the rows came to rest %.2f s after they were let go", seconds))
check("the dynamic animator's didPause completed the transition", t.isFinished and not t.wasCancelled)
check("then the from-view, rows and all, left the container", list.view.superview == nil)
if folder then
  t:exportHTML(folder .. "/07-transitions.html")
  print("(picture: " .. folder .. "/07-transitions.svg, replay: " .. folder .. "/07-transitions.html)")
end

print("\nYour turn: on line 14, make the slide take 1.2 s, or change \"easeInOut\" to \"linear\" on line 35;")
print("the first claim about a quarter of the time then tells you how the curve shapes the motion.")
