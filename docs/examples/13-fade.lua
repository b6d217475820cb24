-- A cross-fade: the new screen fades in over the old one while the old one fades out.
-- Notice: alpha is animated like any other property, and pictures honour it (faint views are drawn as outlines).

before = ViewController{ title = "Before", color = "lightsteelblue", views = {
  View{ center = {100, 120}, size = {120, 120}, shape = "ellipse", name = "sun", color = "gold" } } }
after = ViewController{ title = "After", color = "midnightblue", views = {
  View{ center = {220, 120}, size = {80, 80}, shape = "ellipse", name = "moon", color = "whitesmoke" } } }

local Fade = {}
function Fade:transitionDuration(ctx) return 0.5 end
function Fade:animateTransition(ctx)
  local from, to = ctx:viewForKey("from"), ctx:viewForKey("to")
  to.alpha = 0
  ctx.containerView:addSubview(to)
  local fade = PropertyAnimator{ duration = self:transitionDuration(ctx), curve = "easeInOut" }
  fade:addAnimations(function() to.alpha = 1; from.alpha = 0 end)
  fade:addCompletion(function(position)
    from.alpha = 1                       -- leave the old screen as it was, for when it comes back
    ctx:completeTransition(position == "end")
  end)
  fade:startAnimation()
end

t = Transition{ from = before, to = after, size = {320, 240}, animator = Fade }
t:start()
t:run(0.25)
print(string.format("half-way: before.alpha = %.2f, after.alpha = %.2f", before.view.alpha, after.view.alpha))
assert(math.abs(before.view.alpha - 0.5) < 0.01 and math.abs(after.view.alpha - 0.5) < 0.01,
  "easeInOut is half-way at half the time (it is symmetric)")
t:draw{ width = 48 }
t:runUntilDone()
assert(after.view.alpha == 1 and after.view.superview ~= nil and before.view.superview == nil)
print("faded: only 'After' is left in the container")
