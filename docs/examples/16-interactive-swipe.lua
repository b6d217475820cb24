-- An interactive swipe: a finger drags the new screen in, gets half-way, and lets go; the swipe is cancelled
-- and everything slides back. Then a second swipe goes all the way.
-- Notice: a PercentDrivenTransition scrubs the transition's property animators; cancel runs them back to the
-- start and the completion reports ctx.transitionWasCancelled. At the REPL, call swipe:update(p) yourself.

local function screens()
  local inbox = ViewController{ title = "Inbox", color = "white", views = {
    View{ frame = {10, 20, 300, 50}, name = "mail1", color = "lightblue" },
    View{ frame = {10, 80, 300, 50}, name = "mail2", color = "lightblue" } } }
  local message = ViewController{ title = "Message", color = "lightyellow", views = {
    View{ frame = {20, 20, 280, 200}, name = "body", color = "wheat" } } }
  return inbox, message
end

local Push = {}
function Push:transitionDuration(ctx) return 0.4 end
function Push:animateTransition(ctx)
  local from, to = ctx:viewForKey("from"), ctx:viewForKey("to")
  local width = ctx.containerView.size.width
  to.center = { from.center.x + width, from.center.y }
  ctx.containerView:addSubview(to)
  self.pa = PropertyAnimator{ duration = self:transitionDuration(ctx), curve = "linear" }
  self.pa:addAnimations(function()
    to.center = { to.center.x - width, to.center.y }
    from.center = { from.center.x - width / 3, from.center.y }   -- the old screen moves a little, UIKit style
  end)
  self.pa:addCompletion(function(position)
    ctx:viewForKey("from").center = { width / 2, ctx.containerView.size.height / 2 }
    ctx:completeTransition(not ctx.transitionWasCancelled)
  end)
  self.pa:startAnimation()
end
function Push:interruptibleAnimator(ctx) return self.pa end

-- swipe 1: half-way, then let go: cancelled
local inbox, message = screens()
swipe = PercentDrivenTransition{ completionSpeed = 1.5 }
t = Transition{ from = inbox, to = message, size = {320, 240}, animator = Push, interactive = swipe }
t:start()
local startX = message.view.center.x
for finger = 0, 0.5, 0.1 do swipe:update(finger); t:step() end
print(string.format("the finger is half-way: message at x = %.1f", message.view.center.x))
assert(math.abs(message.view.center.x - (startX + 160) / 2) < 0.5)
t:draw{ width = 48 }
swipe:cancel()
t:runUntilDone()
print(string.format("cancelled: message back at x = %.1f, inbox still shown: %s", message.view.center.x,
  tostring(inbox.view.superview ~= nil)))
assert(t.wasCancelled and math.abs(message.view.center.x - startX) < 0.5 and message.view.superview == nil)

-- swipe 2: all the way
inbox, message = screens()
swipe = PercentDrivenTransition{}
t = Transition{ from = inbox, to = message, size = {320, 240}, animator = Push, interactive = swipe }
t:start()
swipe:update(0.7)
swipe:finish()
t:runUntilDone()
print(string.format("finished: message at %s", message.view.center))
assert(not t.wasCancelled and message.view.center == Point(160, 120))
