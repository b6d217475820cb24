-- An attachment whose anchor is moved step by step, like a finger dragging a card on a string.
-- Notice: the item follows the anchor but lags behind and swings; with a spring (frequency > 0) the string
-- stretches; when the anchor stops, the item comes to rest hanging straight below it at the rod's length.

animator = Animator{ width = 400, height = 600 }
card = View{ center = {100, 200}, size = {60, 40}, name = "card" }
string_ = Attachment(card, { anchor = {100, 100} })   -- a rigid rod, 100 pt long
print("rod length:", string_.length)

animator:addBehavior(Gravity{ card })
animator:addBehavior(string_)
animator:addBehavior(ItemBehavior{ card, resistance = 1 })

-- drag the anchor 200 pt to the right over 1 s
for i = 1, 60 do
  string_.anchorPoint = {100 + 200 * i / 60, 100}
  animator:step()
  if i % 15 == 0 then
    print(string.format("anchor x=%5.1f  card at %s  (lags %.1f pt behind)", string_.anchorPoint.x, card.center,
      string_.anchorPoint.x - card.center.x))
  end
end
animator:runUntilRest(20)
print("after it settles:", card.center)
assert(math.abs(card.center.x - 300) < 2 and math.abs(card.center.y - 200) < 2, "hangs straight below the anchor")
print("it hangs straight below the anchor, 100 pt down")
