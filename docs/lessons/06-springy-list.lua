-- Lesson 6: the springy list — a collection layout whose cells hang on springs.
-- Run it:  luadyn docs/lessons/06-springy-list.lua [FOLDER]   (FOLDER, or $LUADYN_PICTURES, receives an SVG picture)
-- You will see: a list of cells, each one's layout attributes held on a spring at its place; a scroll leaves the
-- cells far from the finger trailing behind, by their distance from it, and then every cell springs back and settles.
-- The world lives in globals (layout, animator, springs): after `luadyn -i docs/lessons/06-springy-list.lua` you can
-- scroll it yourself at the prompt, e.g. scroll(-80, 400) then animator:draw().

local folder = os.getenv("LUADYN_PICTURES") or (arg and arg[1])
local function check(claim, ok)
  print((ok and "  ✓ " or "  ✗ ") .. claim)
  assert(ok, claim)
end

local dy, fingerY = 100, 30     -- scroll down by dy, the finger at fingerY on the screen
local frequency, damping = 1.5, 0.5

-- A list of 12 cells (UICollectionViewLayout). Each cell's layout attributes are a dynamic item.
layout = CollectionLayout{ count = 12, itemSize = {300, 44}, spacing = 8, width = 320, height = 568 }
animator = Animator(layout)     -- UIDynamicAnimator(collectionViewLayout:): its reference is the list's content
springs = {}
for i = 1, layout.count do
  local cell = layout:attributes(i)
  local spring = Attachment(cell, { anchor = cell.center })   -- length 0: it pulls the cell onto its place
  spring.frequency = frequency
  spring.damping = damping
  animator:addBehavior(spring)
  springs[i] = spring
end
print(string.format("%d cells of %gx%g pt, %g pt apart; the content is %g pt tall.", layout.count,
  layout.itemSize.width, layout.itemSize.height, layout.spacing, layout.contentSize.height))
print("Each cell hangs on a spring of " .. frequency .. " Hz at its place in the layout:")
animator:draw{ width = 32, labels = false }

-- Scrolling moves the content under the finger. The springs' anchors are fixed in the content, so on screen they
-- move with it; each cell is held back by how far it is from the finger, as UIKit's springy list does in
-- shouldInvalidateLayoutForBoundsChange: it moves dy x distance / 1000 through the content (at most dy), so on
-- screen it trails the content by that much, and its spring pulls it back.
function scroll(amount, finger)
  local touch = layout.contentOffset.y + finger
  layout:scrollBy(amount)
  for _, spring in ipairs(springs) do
    local cell = spring.items[1]
    local resistance = math.min(math.abs(touch - spring.anchorPoint.y) / 1000, 1)
    cell.center = cell.center + Point(0, amount * resistance)
  end
end

local function lag(i)
  return (layout:attributes(i).center - springs[i].anchorPoint):length()
end

print(string.format("\nScroll by %g pt, the finger at y = %g on the screen. A tenth of a second later:", dy, fingerY))
scroll(dy, fingerY)
animator:run(0.1)
animator:draw{ width = 32, labels = false }
local touch = layout.contentOffset.y - dy + fingerY
local nearest, farthest = 1, 1
for i = 1, layout.count do
  local d = math.abs(springs[i].anchorPoint.y - touch)
  if d < math.abs(springs[nearest].anchorPoint.y - touch) then nearest = i end
  if d > math.abs(springs[farthest].anchorPoint.y - touch) then farthest = i end
end
for _, i in ipairs{ nearest, farthest } do
  print(string.format("  cell %2d is %3.0f pt from the finger and trails by %5.1f pt",
    i, math.abs(springs[i].anchorPoint.y - touch), lag(i)))
end
if folder then
  animator:snapshot(folder .. "/06-springy-list.svg", { labels = false })
  print("(picture: " .. folder .. "/06-springy-list.svg)")
end
check(string.format("the cell farthest from the finger lags most (%.1f pt against %.1f pt)", lag(farthest), lag(nearest)),
  lag(farthest) > lag(nearest))
local ordered = true
for i = 1, layout.count do
  for j = 1, layout.count do
    local di = math.abs(springs[i].anchorPoint.y - touch)
    local dj = math.abs(springs[j].anchorPoint.y - touch)
    if di < dj - 1 and lag(i) >= lag(j) then ordered = false end
  end
end
check("every cell lags more than each cell nearer the finger", ordered)

animator:run(2)
local worst = 0
for i = 1, layout.count do worst = math.max(worst, lag(i)) end
print("\nTwo seconds later:")
animator:draw{ width = 32, labels = false }
check(string.format("every cell is back on its place in the layout, within %.3f pt (0.5 allowed)", worst), worst < 0.5)
check("animator:layoutAttributesForCell(i) is the cell's attributes",
  animator:layoutAttributesForCell(3) == layout:attributes(3) and animator:layoutAttributesForCell(99) == nil)

print("\nYour turn: on line 14, scroll back up with the finger near the bottom: dy, fingerY = -100, 500.")
print("Every claim measures from the finger, so they should all still hold.")
