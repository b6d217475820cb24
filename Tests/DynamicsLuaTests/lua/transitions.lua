-- View-controller transitions, property animators and views inside views, from Lua.

local function controllers()
  local a = ViewController{ title = "A", color = "white", views = {
    View{ center = {100, 100}, size = {60, 40}, name = "a1" },
    View{ center = {200, 200}, size = {50, 50}, name = "a2" } } }
  local b = ViewController{ title = "B", views = { View{ center = {160, 300}, size = {80, 80}, name = "b1" } } }
  return a, b
end

-- Slides the to-view in from the right with a linear property animator.
local function slideIn(log)
  local A = {}
  function A:transitionDuration(ctx) return 0.5 end
  function A:animateTransition(ctx)
    local to = ctx:viewForKey("to")
    local final = ctx:finalFrame(ctx:viewControllerForKey("to"))
    to.center = { final.x + final.width * 1.5, final.y + final.height / 2 }
    ctx.containerView:addSubview(to)
    local pa = PropertyAnimator{ duration = 0.5, curve = "linear" }
    pa:addAnimations(function() to.center = { final.x + final.width / 2, final.y + final.height / 2 } end)
    pa:addCompletion(function(position)
      log[#log + 1] = position
      ctx:completeTransition(not ctx.transitionWasCancelled)
    end)
    pa:startAnimation()
  end
  function A:animationEnded(completed) log[#log + 1] = completed end
  function A:interruptibleAnimator(ctx) return nil end
  return A
end

-- views inside views
do
  local p = View{ center = {100, 100}, size = {100, 60}, name = "p" }
  local c = View{ center = {10, 20}, size = {4, 4}, name = "c", alpha = 0.5 }
  p:addSubview(c)
  assert(c.superview == p and p.subviews[1] == c and #p.subviews == 1)
  assert(c.alpha == 0.5 and c.hidden == false)
  c.hidden = true
  assert(c.hidden)
  expectError("between 0 and 1", function() c.alpha = 2 end)
  expectError("subview of itself", function() c:addSubview(p) end)
  expectError("View expected", function() p:addSubview(3) end)
  c:removeFromSuperview()
  assert(c.superview == nil and #p.subviews == 0)
  p.size = {120, 80}
  assert(p.size.width == 120 and p.size.height == 80, "a view no animator holds may be resized")
  local held = View{ center = {0, 0}, size = {10, 10} }
  local holder = Animator()
  holder:addBehavior(Gravity(held))
  expectError("is fixed", function() held.size = {20, 20} end)
end

-- a completed transition: keys, views, frames, and the views where UIKit leaves them
do
  local a, b = controllers()
  local log = {}
  local t = Transition{ from = a, to = b, size = {320, 568}, animator = slideIn(log) }
  assert(not t.isFinished and t.context == nil)
  local ctx = t:start()
  assert(ctx == t.context and ctx.containerView == t.containerView)
  assert(ctx:viewControllerForKey("from") == a and ctx:viewControllerForKey("to") == b)
  assert(ctx:viewForKey("from") == a.view and ctx:viewForKey("to") == b.view)
  local initial, final = ctx:initialFrame(a), ctx:finalFrame(a)
  assert(initial.width == 320 and initial.height == 568 and final.width == 0 and final.height == 0)
  assert(ctx:finalFrame(b).width == 320 and ctx:initialFrame(b).width == 0)
  assert(ctx.isAnimated and not ctx.isInteractive and ctx.presentationStyle == "custom")
  assert(ctx.targetTransform.a == 1 and ctx.targetTransform.tx == 0)
  local seconds = t:runUntilDone()
  near(seconds, 0.5, 0.02, "a 0.5 s animation")
  assert(t.isFinished and not t.wasCancelled)
  assert(b.view.superview == ctx.containerView and a.view.superview == nil)
  assert(b.view.center == Point(160, 284))
  assert(#log == 2 and log[1] == "end" and log[2] == true, "completion, then animationEnded(true) once")
  expectError("already called", function() ctx:completeTransition(true) end)
  assert(#log == 2)
  expectError("bad argument #1 to 'viewForKey'", function() ctx:viewForKey("top") end)
  expectError("boolean expected", function() ctx:completeTransition("yes") end)
end

-- interactive: updated to 0.5, then cancelled; and finished
for _, cancel in ipairs{ true, false } do
  local a, b = controllers()
  local log = {}
  local p = PercentDrivenTransition{ completionSpeed = 2 }
  local t = Transition{ from = a, to = b, animator = slideIn(log), interactive = p }
  local ctx = t:start()
  assert(ctx.isInteractive)
  local start = b.view.center
  t:run(0.3)
  assert(b.view.center == start, "the interaction holds the animations")
  p:update(0.5)
  assert(p.percentComplete == 0.5)
  near(b.view.center.x, (start.x + 160) / 2, 0.5, "half-way")
  if cancel then p:cancel() else p:finish() end
  t:runUntilDone()
  assert(t.wasCancelled == cancel and ctx.transitionWasCancelled == cancel)
  if cancel then
    near(b.view.center.x, start.x, 0.5, "back at the start")
    near(b.view.center.y, start.y, 0.5, "back at the start")
    assert(a.view.superview == ctx.containerView and b.view.superview == nil)
  else
    assert(b.view.center == Point(160, 284) and a.view.superview == nil)
  end
  assert(log[#log] == not cancel and #log == 2)
  expectError("between 0 and 1", function() p:update(1.5) end)
end

-- physics: the from-controller's views fall away and collide; didPause completes the transition
do
  local a, b = controllers()
  local ended = 0
  local Fall = {}
  function Fall:transitionDuration() return 1 end
  function Fall:animateTransition(ctx)
    ctx.containerView:addSubview(ctx:viewForKey("to"))
    local views = ctx:viewForKey("from").subviews
    local world = Animator(ctx.containerView)
    world:addBehavior(Gravity(views))
    local c = Collision(views)
    c.translatesReferenceBoundsIntoBoundary = true
    world:addBehavior(c)
    world.delegate = { didPause = function() ctx:completeTransition(true) end }
  end
  function Fall:animationEnded(completed) assert(completed); ended = ended + 1 end
  local t = Transition{ from = a, to = b, animator = Fall }
  local seconds = t:runUntilDone(3)
  assert(seconds < 3 and t.isFinished and ended == 1)
end

-- a property animator on its own
do
  local v = View{ center = {0, 0}, size = {10, 10} }
  local pa = PropertyAnimator{ duration = 1, curve = "linear" }
  pa:addAnimations(function() v.center = {100, 0}; v.alpha = 0 end)
  assert(v.center == Point(0, 0) and v.alpha == 1)
  pa.fractionComplete = 0.5
  near(v.center.x, 50, 1e-9)
  near(v.alpha, 0.5, 1e-9)
  assert(pa.state == "active" and not pa.isRunning)
  local where
  pa:addCompletion(function(position) where = position end)
  pa:startAnimation()
  for _ = 1, 31 do pa:step() end
  assert(where == "end" and v.center == Point(100, 0) and pa.state == "inactive")
  local spring = PropertyAnimator{ duration = 0.5, dampingRatio = 0.5 }
  assert(spring.curve == "spring" and spring.dampingRatio == 0.5)
end

-- bad input
do
  local a, b = controllers()
  expectError("no animateTransition", function()
    Transition{ from = a, to = b, animator = { transitionDuration = function() return 1 end } }
  end)
  expectError("field 'from'", function() Transition{ from = 1, to = b, animator = {} } end)
  expectError("field 'duration'", function() PropertyAnimator{ duration = -1 } end)
  expectError("dampingRatio", function() PropertyAnimator{ duration = 1, dampingRatio = 0 } end)
  expectError("'easeInOut'", function() PropertyAnimator{ curve = "easeInOt" } end)
  local pa = PropertyAnimator{ duration = 1 }
  expectError("PropertyAnimator.fractionComplete", function() pa.fractionComplete = 1.5 end)
  expectError("PropertyAnimator.fractionComplete", function() pa.fractionComplete = -0.1 end)
  expectError("error in animations", function() pa:addAnimations(function() error("boom") end) end)

  local negative = { transitionDuration = function() return -1 end, animateTransition = function() end }
  expectError("transitionDuration must return a finite number >= 0",
    function() Transition{ from = a, to = b, animator = negative }:start() end)
  assert(a.view.superview == nil)

  -- an error inside animateTransition undoes everything it did
  local broken = { transitionDuration = function() return 0.3 end }
  function broken:animateTransition(ctx)
    local to = ctx:viewForKey("to")
    ctx.containerView:addSubview(to)
    local p = PropertyAnimator{ duration = 0.3 }
    p:addAnimations(function() to.alpha = 0.2 end)
    p.fractionComplete = 0.5
    error("halfway through")
  end
  local t = Transition{ from = a, to = b, animator = broken }
  expectError("error in animateTransition", function() t:start() end)
  assert(t.context == nil and a.view.superview == nil and b.view.superview == nil and b.view.alpha == 1)

  -- a transition that never completes stops at runUntilDone's limit, ended as cancelled
  local log = {}
  local never = { transitionDuration = function() return 0.2 end,
                  animateTransition = function(self, ctx) ctx.containerView:addSubview(ctx:viewForKey("to")) end,
                  animationEnded = function(self, completed) log[#log + 1] = completed end }
  local t2 = Transition{ from = a, to = b, animator = never }
  expectError("bad argument #1 to 'runUntilDone' (the transition did not complete within 1 s", function() t2:runUntilDone(1) end)
  assert(t2.isFinished and t2.wasCancelled and log[1] == false and #log == 1)
  assert(b.view.superview == nil and a.view.superview == t2.containerView)
  expectError("needs an interactive transition", function() t2.context:updateInteractiveTransition(0.5) end)
end

-- pictures of a transition: both controllers' views while both are in the container
do
  local a, b = controllers()
  local t = Transition{ from = a, to = b, animator = slideIn({}) }
  t:start()
  t:step(0.25)
  local svgPath = os.tmpname() .. ".svg"
  t:snapshot(svgPath)
  local f = assert(io.open(svgPath)); local svg = f:read("a"); f:close(); os.remove(svgPath)
  for _, name in ipairs{ "A", "a1", "a2", "B", "b1" } do
    assert(svg:find('data-name="' .. name .. '"', 1, true), name .. " is drawn")
  end
  assert(#t:drawing{ width = 40 } > 0)
  t:record()
  t:runUntilDone()
  assert(t:stopRecording() > 10)
  local html = os.tmpname() .. ".html"
  t:exportHTML(html)
  f = assert(io.open(html)); local page = f:read("a"); f:close(); os.remove(html)
  assert(not page:find('"a":[', 1, true), "opaque frames carry no opacities")

  -- a fade: the replay carries each view's opacity, and SVG writes it
  local c, d = controllers()
  local Fade = { transitionDuration = function() return 0.2 end }
  function Fade:animateTransition(ctx)
    local to = ctx:viewForKey("to")
    to.alpha = 0
    ctx.containerView:addSubview(to)
    local pa = PropertyAnimator{ duration = 0.2, curve = "linear" }
    pa:addAnimations(function() to.alpha = 1 end)
    pa:addCompletion(function() ctx:completeTransition(true) end)
    pa:startAnimation()
  end
  local fade = Transition{ from = c, to = d, animator = Fade }
  fade:start()
  fade:record()
  fade:run(0.1)
  near(d.view.alpha, 0.5, 1e-9, "half faded")
  fade:snapshot(svgPath)
  f = assert(io.open(svgPath)); svg = f:read("a"); f:close(); os.remove(svgPath)
  assert(svg:find('opacity="0.5" transform="translate(160 300)', 1, true), "the half-faded view is drawn half opaque")
  fade:runUntilDone()
  fade:exportHTML(html)
  f = assert(io.open(html)); page = f:read("a"); f:close(); os.remove(html)
  assert(page:find('"a":[', 1, true), "the replay carries opacities")
end
