-- The springy list: a collection layout whose cells hang on springs (UIDynamicAnimator(collectionViewLayout:)).
-- Every cell's layout attributes are an item, held by an Attachment spring to its place in the layout. Scrolling
-- carries the springs' anchors along with the content; a cell near the finger follows at once, a cell far from it is
-- held back by its distance from the finger, trails the content, then springs back and settles.
-- The world lives in globals (layout, animator, springs), so the REPL can poke at it after `luadyn -i`.

layout = CollectionLayout{ count = 20, itemSize = {300, 44}, spacing = 8, width = 320, height = 568 }
animator = Animator(layout)
springs = {}
for i = 1, layout.count do
  local cell = layout:attributes(i)
  local spring = Attachment(cell, { anchor = cell.center })   -- length 0: the spring pulls the cell onto its place
  spring.frequency = 1.5                                      -- Hz
  spring.damping = 0.5                                        -- damping ratio
  animator:addBehavior(spring)
  springs[i] = spring
end

-- How far a cell trails the content: the scroll times its distance from the finger over 1000 pt, at most the scroll.
function scroll(dy, fingerY)
  local touch = layout.contentOffset.y + fingerY             -- the finger on screen, in content coordinates
  layout:scrollBy(dy)
  for _, spring in ipairs(springs) do
    local cell = spring.items[1]
    local resistance = math.min(math.abs(touch - spring.anchorPoint.y) / 1000, 1)
    cell.center = cell.center + Point(0, dy * resistance)
  end
end

-- How far cell i is from its place in the layout.
function lag(i)
  return (layout:attributes(i).center - springs[i].anchorPoint):length()
end

print("A list of " .. layout.count .. " cells, content " .. layout.contentSize.height .. " pt tall. Scroll by 100 pt,")
print("the finger on the first cell:")
scroll(100, 30)
animator:step()
for _, i in ipairs{ 1, 4, 8, 12, 16, 20 } do
  print(string.format("  cell %2d, %3.0f pt from the finger, trails by %5.1f pt", i,
    math.abs(springs[i].anchorPoint.y - 30), lag(i)))
end
for i = 2, layout.count do
  assert(lag(i) > lag(i - 1), "a cell farther from the finger lags more")
end
print("farther cells lag more")

animator:run(2)
local worst = 0
for i = 1, layout.count do worst = math.max(worst, lag(i)) end
print(string.format("2 s later every cell is back on its place, within %.3f pt", worst))
assert(worst < 0.5, "every cell settles on its place")
print(animator:layoutAttributesForCell(20), "contentOffset", layout.contentOffset)
