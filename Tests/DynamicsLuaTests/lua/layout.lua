-- CollectionLayout: a vertical list whose cells' layout attributes are items.

local layout = CollectionLayout{ count = 5, itemSize = {300, 44}, spacing = 8, width = 320, height = 200 }
assert(layout.count == 5 and layout.itemSize.width == 300 and layout.spacing == 8)
-- spacing above, between and below: 5 x 44 + 6 x 8
assert(layout.contentSize.width == 320 and layout.contentSize.height == 5 * 44 + 6 * 8)
local first, third = layout:attributes(1), layout:attributes(3)
assert(layout:attributes(3) == third, "the same attributes every time")
assert(third.index == 3 and third.size.width == 300 and third.alpha == 1 and third.zIndex == 0)
assert(third.representedElementCategory == "cell" and third.representedElementKind == nil)
near(first.frame.y, 8, 1e-12, "first cell's top")
near(third.center.y, 8 + 2 * 52 + 22, 1e-12, "third cell's centre")
near(third.center.x, 160, 1e-12, "centred across")
third.alpha = 0.5; third.zIndex = 2
assert(third.alpha == 0.5 and third.zIndex == 2)
assert(tostring(third) == "LayoutAttributes cell 3 center=(160.0, 134.0)", tostring(third))

-- contentOffset and scrolling
assert(layout.contentOffset == Point(0, 0))
layout:scrollBy(30)
layout:scrollBy(-10)
assert(layout.contentOffset == Point(0, 20))
layout.contentOffset = {0, 5}
assert(layout.contentOffset.y == 5)

-- Animator(layout): the content is its reference
local animator = Animator(layout)
near(animator.referenceBounds.height, layout.contentSize.height, 0, "reference height")
local spring = Attachment(third, { anchor = third.center })
spring.frequency = 2; spring.damping = 1
animator:addBehavior(spring)
assert(animator:layoutAttributesForCell(3) == third)
assert(animator:layoutAttributesForCell(1) == nil, "not animated")
local header = layout:supplementaryAttributes("header", 1, {0, 0, 320, 20})
assert(layout:supplementaryAttributes("header", 1, {0, 0, 1, 1}) == header)
assert(header.representedElementCategory == "supplementaryView" and header.representedElementKind == "header")
animator:addBehavior(ItemBehavior{ header, layout:decorationAttributes("line", 2, {0, 30, 320, 1}) })
assert(animator:layoutAttributesForSupplementaryView("header", 1) == header)
assert(animator:layoutAttributesForSupplementaryView("footer", 1) == nil)
assert(animator:layoutAttributesForDecorationView("line", 2).representedElementCategory == "decorationView")
third.center = third.center + Point(0, 40)
animator:run(3)
near(third.center.y, 134, 0.5, "the cell springs back")

-- bad input
expectError("bad argument #1 to 'CollectionLayout' (field 'count': integer between 0 and 100000 expected, got -1)",
  function() CollectionLayout{ count = -1 } end)
expectError("field 'itemSize': size must be positive", function() CollectionLayout{ itemSize = {0, 44} } end)
expectError("field 'spacing': number must not be negative", function() CollectionLayout{ spacing = -1 } end)
expectError("CollectionLayout has no option 'cont'", function() CollectionLayout{ cont = 3 } end)
expectError("bad argument #1 to 'attributes' (integer between 1 and 5 expected, got 6)", function() layout:attributes(6) end)
expectError("bad argument #1 to 'attributes' (integer expected, got a fraction)", function() layout:attributes(1.5) end)
expectError("bad argument #1 to 'scrollBy' (number expected, got string)", function() layout:scrollBy("x") end)
expectError("bad argument #1 to 'scrollBy' (finite number expected", function() layout:scrollBy(math.huge) end)
expectError("bad value for CollectionLayout.contentOffset", function() layout.contentOffset = "up" end)
expectError("CollectionLayout.contentSize is read-only", function() layout.contentSize = {1, 1} end)
expectError("bad argument #1 to 'layoutAttributesForCell' (integer expected, got string)",
  function() animator:layoutAttributesForCell("x") end)
expectError("bad argument #1 to 'layoutAttributesForSupplementaryView' (string expected, got number)",
  function() animator:layoutAttributesForSupplementaryView(1, 1) end)
expectError("bad value for LayoutAttributes.alpha (alpha must be between 0 and 1", function() third.alpha = 2 end)
expectError("bad argument #3 to 'supplementaryAttributes' (frame size must be positive)",
  function() layout:supplementaryAttributes("h", 1, {0, 0, 0, 10}) end)
