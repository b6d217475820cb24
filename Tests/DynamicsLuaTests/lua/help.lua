-- help() and the texts behind it.
local all = captured(help)
for _, name in ipairs{"Animator", "View", "Gravity", "Collision", "Attachment", "Snap", "Push",
                      "ItemBehavior", "Behavior", "Path", "Point", "help"} do
  assert(all:find(name, 1, true), "help() should list " .. name)
end
local point = captured(help, Point)
assert(point:find("CGPoint", 1, true) and point:find("length", 1, true))
assert(captured(help, Point(1, 2)) == point, "help(instance) is help(Type)")
assert(captured(help, "Point") == point)
local length = captured(help, "length")
assert(length:find("p:length()", 1, true))
assert(captured(help, "lenght"):find("did you mean 'length'?", 1, true))
assert(captured(help, help):find("help(Type)", 1, true))
assert(captured(help, plot) == captured(help, "plot"), "help(plot) is help(\"plot\")")
assert(not captured(help, print):find("plot", 1, true), "an unrelated function has no help")
assert(tostring(Point):find("Point (UIKit: CGPoint / CGVector)", 1, true))
expectError("Point has no field 'fixd'", function() return Point.fixd end)

-- Every field help lists can be read on an instance, and every method exists: the catalog matches the bindings.
local v = View{ center = {0, 0}, size = {10, 10} }
local instances = {
  Animator = Animator(), View = v, Gravity = Gravity(), Collision = Collision(),
  Attachment = Attachment(v, { anchor = {0, 10} }), Snap = Snap(v, {0, 0}), Push = Push(),
  ItemBehavior = ItemBehavior(), Behavior = Behavior(), Path = Path.rect{0, 0, 1, 1}, Point = Point(1, 2),
}
for typeName, object in pairs(instances) do
  local meta = getmetatable(object)
  assert(meta.__type == typeName and meta.__name == typeName)
  local text = captured(help, object)
  for _, field in ipairs(meta.__fields) do
    local ok, err = pcall(function() return object[field] end)
    assert(ok, typeName .. "." .. field .. " is listed but cannot be read: " .. tostring(err))
    assert(text:find(field, 1, true), "help(" .. typeName .. ") mentions " .. field)
  end
  for name in pairs(meta.__methods) do
    assert(text:find(name, 1, true), "help(" .. typeName .. ") mentions method " .. name)
  end
  -- What help calls writable takes its own value back; what it calls read-only refuses any value.
  if typeName ~= "Point" then
    for _, field in ipairs(meta.__fields) do
      local access = text:match("\n  " .. field .. " %((%a%a) ")
      assert(access, "help(" .. typeName .. ") gives " .. field .. "'s access")
      local ok, err = pcall(function() object[field] = object[field] end)
      if access == "rw" then
        assert(ok, typeName .. "." .. field .. " is rw but refused its own value: " .. tostring(err))
      else
        assert(not ok and tostring(err):find("read-only", 1, true), typeName .. "." .. field .. " is ro but took a value")
      end
    end
  end
end

-- `help` typed alone explains itself rather than printing a function's address; it is still called as a function.
assert(tostring(help) == captured(help), tostring(help))
assert(captured(help):find("Animator", 1, true))
assert(select(2, pcall(help, 5)) == nil)

-- Help in the display units: the script API stays in points, but an animator showing metres gets every quantity
-- help quotes in points with its value in metres beside it, and a last line saying what the animator shows.
local shown = Animator{ width = 320, height = 568 }
local inPoints = captured(help, Gravity)
assert(not inPoints:find("m/s^2", 1, true) and not inPoints:find("Display units", 1, true), inPoints)
shown.units = "metres"
local inMetres = captured(help, Gravity)
assert(inMetres:find("1 = 1000 pt/s^2 = 10 m/s^2", 1, true), inMetres)
assert(inMetres:find("Display units: the animator shows metres (100 pt = 1 m", 1, true), inMetres)
assert(inMetres:find("scripts still read and write points, y down", 1, true), inMetres)
shown.pointsPerMetre = 50
assert(captured(help, "density"):find("mass per 10000 pt^2 = 4 m^2", 1, true))
assert(captured(help, Push):find("100 pt/s^2 = 2 m/s^2 (or 100 pt/s = 2 m/s at once)", 1, true))
shown.units = "points"
shown.yUp = true
local upward = captured(help)
assert(upward:find("y up from the floor (y = 568 pt)", 1, true), upward)
assert(not upward:find(" m/s", 1, true), "points stay points")
assert(not captured(help, "lenght"):find("Display units", 1, true), "no note on a miss")
shown.yUp = false
assert(captured(help, Gravity) == inPoints, "plain units: help as written")
