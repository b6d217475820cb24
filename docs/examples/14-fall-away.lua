-- A physics dismissal: the old screen's views fall away under gravity, collide and pile up at the bottom;
-- the transition completes when the dynamic animator comes to rest (its delegate's didPause).
-- Notice: an Animator made on ctx.containerView is stepped by the transition itself.

cards = {}
local colors = { "tomato", "gold", "mediumseagreen", "royalblue", "orchid", "sienna" }
for i = 1, 6 do
  cards[i] = View{ center = {60 + ((i - 1) % 3) * 100, 80 + math.floor((i - 1) / 3) * 90}, size = {80, 60},
                   angle = 0.05 * i, name = "card" .. i, color = colors[i] }
end
board = ViewController{ title = "Board", views = cards }
empty = ViewController{ title = "Empty", color = "white" }

local FallAway = {}
function FallAway:transitionDuration(ctx) return 2 end
function FallAway:animateTransition(ctx)
  local from, to = ctx:viewForKey("from"), ctx:viewForKey("to")
  ctx.containerView:addSubview(to)
  -- the cards move into the container, on top of the new screen; they go back to their screen at the end
  local falling = from.subviews
  for _, card in ipairs(falling) do ctx.containerView:addSubview(card) end
  local world = Animator(ctx.containerView)
  world:addBehavior(Gravity(falling))
  local floor = Collision(falling)
  floor.translatesReferenceBoundsIntoBoundary = true
  world:addBehavior(floor)
  local bounce = ItemBehavior(falling)
  bounce.elasticity = 0.3
  bounce.friction = 0.6
  world:addBehavior(bounce)
  world.delegate = { didPause = function()
    for _, card in ipairs(falling) do from:addSubview(card) end
    ctx:completeTransition(true)
  end }
end
local endings = 0
function FallAway:animationEnded(completed) endings = endings + 1; assert(completed) end

t = Transition{ from = board, to = empty, size = {320, 400}, animator = FallAway }
t:start()
t:run(0.5)
t:draw{ width = 48 }
local seconds = t:runUntilDone(5)
print(string.format("the cards came to rest and the transition completed after %.2f s of simulated time", seconds))
assert(seconds < 3 and endings == 1, "completes by itself from didPause, animationEnded once")
for _, card in ipairs(cards) do
  assert(card.center.y > 250 and card.superview == board.view, card.name .. " fell to the bottom and went home")
end
