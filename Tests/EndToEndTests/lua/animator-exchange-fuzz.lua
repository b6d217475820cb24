-- Three animators exchange items and behaviours at random (added, removed, moved, nested, items taken out),
-- animators are dropped and made anew with collection in between, and every animator steps: luadyn must never
-- crash and the world never holds a NaN. Run by Tests/EndToEndTests/AnimatorExchangeFuzzTests.swift with a few seeds.
local seed = tonumber(arg[1]) or 1
math.randomseed(seed)
local animators = { Animator{ width = 320, height = 568 }, Animator{ width = 320, height = 568 }, Animator() }
local views = {}
for i = 1, 8 do views[i] = View{ center = {30 * i, 40}, size = {20, 20}, shape = i % 2 == 0 and "ellipse" or "rectangle" } end
local function pick(t) return t[math.random(#t)] end
local behaviors = {}
local makers = {
  function() return Gravity{ pick(views), pick(views) } end,
  function() local c = Collision{ pick(views), pick(views), pick(views) }; c.translatesReferenceBoundsIntoBoundary = true
    c:addBoundary("floor", {0, 500}, {320, 500}); return c end,
  function() return Attachment(pick(views), { anchor = {100, 0} }) end,
  function() return Attachment.pin(pick(views), pick(views), {50, 50}) end,
  function() return Snap(pick(views), {160, 200}) end,
  function() return Push{ pick(views), magnitude = 0.5 } end,
  function() return ItemBehavior{ pick(views), density = 2, elasticity = 0.5 } end,
  function() local b = Behavior{}; b:addChild(Gravity{ pick(views) }); return b end,
}
local ops = 0
for i = 1, 1500 do
  local r = math.random(12)
  local a = pick(animators)
  if r == 1 then local ok, b = pcall(pick(makers)); if ok then behaviors[#behaviors + 1] = b end
  elseif r <= 3 and #behaviors > 0 then pcall(function() a:addBehavior(pick(behaviors)) end)
  elseif r == 4 and #behaviors > 0 then pcall(function() a:removeBehavior(pick(behaviors)) end)
  elseif r == 5 then pcall(function() a:removeAllBehaviors() end)
  elseif r == 6 and #behaviors > 0 then pcall(function() local b = pick(behaviors); b:addItem(pick(views)) end)
  elseif r == 7 and #behaviors > 0 then pcall(function() local b = pick(behaviors); b:removeItem(pick(views)) end)
  elseif r == 8 then pick(views):removeFromSuperview()
  elseif r == 9 then animators[math.random(#animators)] = Animator{ width = 320, height = 568 }; collectgarbage()
  elseif r == 10 and #behaviors > 0 then pcall(function() local p = pick(behaviors); p:addChild(pick(behaviors)) end)
  elseif r == 11 and #behaviors > 0 then pcall(function() local p = pick(behaviors); p:removeChild(pick(behaviors)) end)
  else for _, x in ipairs(animators) do pcall(function() x:step() end) end end
  ops = ops + 1
  if #behaviors > 40 then table.remove(behaviors, 1) end
end
for _, v in ipairs(views) do assert(v.center.x == v.center.x and v.center.y == v.center.y, "NaN") end
print("seed", seed, "ops", ops)
