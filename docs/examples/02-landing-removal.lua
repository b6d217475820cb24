-- Squares fall onto a boundary 100 pt above the bottom; a collision delegate removes each square that lands.
-- Notice: the delegate is called after the step in which the contact began, the item it receives is the very
-- View the script made (it works as a table key), and removing an item inside the callback is allowed.

animator = Animator{ width = 320, height = 568 }
local squares, names = {}, {}
for i = 1, 3 do
  local v = View{ center = {60 + 90 * (i - 1), 60 * i}, size = {40, 40}, name = "square" .. i }
  squares[i] = v
  names[v] = "square " .. i   -- Views are keys
end

collision = Collision{ squares[1], squares[2], squares[3] }
collision:addBoundary("shelf", {0, 468}, {320, 468})   -- 100 pt above the bottom
local landed = {}
collision.delegate = {
  beganBoundaryContact = function(self, behavior, item, id, point)
    print(string.format("%s touched '%s' at %s after %.2f s", names[item], id, point, animator.elapsedTime))
    landed[#landed + 1] = item
    item:removeFromSuperview()   -- out of every behaviour; takes effect before the next step
  end,
}
animator:addBehavior(Gravity{ squares[1], squares[2], squares[3] })
animator:addBehavior(collision)

animator:run(2)
print(#landed .. " squares landed; the animator now holds " .. #animator.items .. " items")
assert(#landed == 3 and #animator.items == 0)
-- Square 3 starts lowest (y = 180) so it lands first; square 1 starts highest and lands last.
assert(landed[1] == squares[3] and landed[3] == squares[1], "the lowest square lands first")
print("the square that started lowest landed first; removed squares keep their last place:", squares[3].center)
