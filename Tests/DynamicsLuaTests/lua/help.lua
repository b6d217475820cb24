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
assert(tostring(Point):find("Point (UIKit: CGPoint / CGVector)", 1, true))
expectError("Point has no field 'fixd'", function() return Point.fixd end)
