-- A slide-over transition: the new screen slides in from the right over the old one.
-- Notice: the to-view is not in the container until the animator adds it; completing leaves it at its final
-- frame and takes the from-view out of the container.

home = ViewController{ title = "Home", color = "lightgray", views = {
  View{ frame = {20, 40, 280, 60}, name = "header", color = "steelblue" },
  View{ frame = {20, 120, 280, 200}, name = "list", color = "silver" } } }
detail = ViewController{ title = "Detail", color = "white", views = {
  View{ center = {160, 240}, size = {200, 200}, name = "photo", color = "orange" } } }

local SlideOver = {}
function SlideOver:transitionDuration(ctx) return 0.35 end
function SlideOver:animateTransition(ctx)
  local to = ctx:viewForKey("to")
  local final = ctx:finalFrame(ctx:viewControllerForKey("to"))
  assert(ctx:viewForKey("to").superview == nil, "the animator adds the to-view itself")
  to.center = { final.x + final.width * 1.5, final.y + final.height / 2 }   -- just off the right edge
  ctx.containerView:addSubview(to)
  local slide = PropertyAnimator{ duration = self:transitionDuration(ctx), curve = "easeOut" }
  slide:addAnimations(function() to.center = { final.x + final.width / 2, final.y + final.height / 2 } end)
  slide:addCompletion(function() ctx:completeTransition(not ctx.transitionWasCancelled) end)
  slide:startAnimation()
end
function SlideOver:animationEnded(completed) print("animationEnded(" .. tostring(completed) .. ")") end

t = Transition{ from = home, to = detail, size = {320, 480}, animator = SlideOver }
t:start()
t:run(0.12)
print("a third of the way in:")
t:draw{ width = 48 }
local seconds = t:runUntilDone()
print(string.format("done after %.2f s: detail at %s, home in the container: %s", seconds, detail.view.center,
  tostring(home.view.superview ~= nil)))
assert(t.isFinished and not t.wasCancelled)
assert(detail.view.center == Point(160, 240) and home.view.superview == nil)
