-- A snap-in presentation: the new screen's tiles fly in from above and snap to their places with a wobble.
-- Notice: Snap behaviours on the to-view's subviews, in an Animator made on the container; the transition
-- completes when everything has settled.

local places = { {80, 120}, {240, 120}, {80, 280}, {240, 280} }
tiles = {}
for i, p in ipairs(places) do
  tiles[i] = View{ center = {p[1], p[2] - 500}, size = {120, 120}, name = "tile" .. i,
                   color = ({ "tomato", "gold", "mediumseagreen", "royalblue" })[i] }
end
launcher = ViewController{ title = "Launcher", color = "white" }
grid = ViewController{ title = "Grid", color = "whitesmoke", views = tiles }

local SnapIn = {}
function SnapIn:transitionDuration(ctx) return 1 end
function SnapIn:animateTransition(ctx)
  ctx.containerView:addSubview(ctx:viewForKey("to"))
  local world = Animator(ctx.containerView)
  for i, tile in ipairs(tiles) do
    world:addBehavior(Snap(tile, places[i], { damping = 0.35 }))
  end
  world.delegate = { didPause = function() ctx:completeTransition(true) end }
end

t = Transition{ from = launcher, to = grid, size = {320, 400}, animator = SnapIn }
t:start()
t:run(0.3)
t:draw{ width = 48 }
local seconds = t:runUntilDone()
print(string.format("all four tiles settled after %.2f s", seconds))
for i, tile in ipairs(tiles) do
  assert((tile.center - Point(places[i][1], places[i][2])):length() < 1, tile.name .. " sits on its place")
end
