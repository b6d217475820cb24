-- Two collision groups: items in different Collision behaviours ignore each other.
-- Notice: the orange squares stack on the grey ones of their own group, but pass straight through the
-- green group's squares; everything still lands on the reference-bounds floor.

animator = Animator{ width = 320, height = 568 }
greyFloor = View{ center = {100, 500}, size = {120, 40}, name = "grey", color = "grey" }
orange = View{ center = {100, 100}, size = {40, 40}, name = "orange", color = "orange" }
green = View{ center = {100, 300}, size = {40, 40}, name = "green", color = "green" }

animator:addBehavior(Gravity{ orange, green, greyFloor })
groupA = Collision{ greyFloor, orange, translatesReferenceBoundsIntoBoundary = true }
groupB = Collision{ green, translatesReferenceBoundsIntoBoundary = true }
animator:addBehavior(groupA)
animator:addBehavior(groupB)
animator:runUntilRest()

for _, v in ipairs{ greyFloor, orange, green } do print(v) end
-- grey rests on the floor (548), orange on grey (548 - 20 - 20 = 508), green passes grey and orange: floor (548).
assert(math.abs(greyFloor.center.y - 548) < 1.5)
assert(math.abs(orange.center.y - 508) < 1.5, "orange stands on grey: same group")
assert(math.abs(green.center.y - 548) < 1.5, "green sinks through grey: other group")
print("orange stands on grey (same group); green ignores both and lies on the floor inside grey")
