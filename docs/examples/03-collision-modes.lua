-- Collision modes: "everything" (the default), "items" and "boundaries".
-- Notice: in "items" mode the squares stack on each other but fall through the floor; in "boundaries" mode
-- they pass through each other and both land on the floor; in "everything" they stack on the floor.

local function scene(mode)
  local animator = Animator{ width = 200, height = 400 }
  local low = View{ center = {100, 300}, size = {50, 50}, name = "low" }
  local high = View{ center = {100, 200}, size = {50, 50}, name = "high" }
  animator:addBehavior(Gravity{ low, high })
  animator:addBehavior(Collision{ low, high, mode = mode, translatesReferenceBoundsIntoBoundary = true })
  animator:run(1.5)
  print(string.format("%-10s low y=%7.1f  high y=%7.1f", mode, low.center.y, high.center.y))
  return low.center.y, high.center.y
end

lowE, highE = scene("everything")
assert(math.abs(lowE - 375) < 2 and math.abs(highE - 325) < 2, "stacked on the floor")
lowI, highI = scene("items")
assert(lowI > 400 and highI < lowI - 45, "fell out through the floor, still stacked")
lowB, highB = scene("boundaries")
assert(math.abs(lowB - 375) < 2 and math.abs(highB - 375) < 2, "both on the floor, overlapping")
print("everything: a stack on the floor; items: a stack falling out of the box; boundaries: two squares in one place")
