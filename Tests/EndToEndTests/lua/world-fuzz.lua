-- The whole API at random: two or three animators exchanging items and behaviours, callbacks (actions and collision
-- delegates) that change the world while it steps or raise errors, random calls with garbage arguments, and
-- collection in between. luadyn must never crash or hang, every call either works or raises a Lua error, and no
-- NaN reaches the world. Each run is deterministic for its seed.
-- Usage: luadyn world-fuzz.lua SEED CALLS FOLDER  (methods that write files write inside FOLDER)
-- Prints "seed S calls N ok K errors E" at the end. Callbacks fail on purpose, and luadyn reports those errors and
-- exits with status 1, so the verdict is that last line. Tests/EndToEndTests/WorldFuzzTests.swift runs a few seeds;
-- scripts/fuzz runs many for longer.
local seed = tonumber(arg[1]) or 1
local calls = tonumber(arg[2]) or 2000
local folder = arg[3] or error("usage: luadyn world-fuzz.lua SEED CALLS FOLDER")
math.randomseed(seed)
local R = math.random

local animators = {}
for i = 1, 2 + R(0, 1) do
  animators[i] = i == 3 and Animator() or Animator{ width = 320, height = 568 }
end
local views, behaviors = {}, {}
local function pick(t) return t[R(#t)] end
local function newView()
  local w, h = 5 + R() * 40, 5 + R() * 40
  local v = View{ center = {R() * 320, R() * 500}, size = {w, h}, name = "v" .. (#views + 1),
                  shape = R() < 0.4 and "ellipse" or (R() < 0.2 and Path.polygon{ {0, -h / 2}, {w / 2, h / 2}, {-w / 2, h / 2} })
                          or "rectangle" }
  v.velocity = {R(-500, 500), R(-500, 500)}
  views[#views + 1] = v
  return v
end
for _ = 1, 12 do newView() end

-- Values a careless or hostile script might pass anywhere.
local pool = {
  function() return nil end, function() return true end, function() return -1 end, function() return 0 end,
  function() return 1e308 end, function() return 0/0 end, function() return math.huge end, function() return -math.huge end,
  function() return "x" end, function() return {} end, function() return {1} end, function() return {1, 2} end,
  function() return {x = 1, y = 2} end, function() return {1e308, 1e308} end, function() return {10, 20, 30, 40} end,
  function() return pick(views) end, function() return pick(animators) end, function() return Path.rect{0, 0, 10, 10} end,
  function() return function() end end, function() return 2 end, function() return 1e-300 end, function() return 100 end,
  function() return "everything" end, function() return "items" end, function() return {0, 1} end,
  function() return {min = 1, max = 0} end, function() return {0, math.huge} end, function() return Point(1, 2) end,
  function() return #behaviors > 0 and pick(behaviors) or nil end, function() return math.mininteger end,
  function() return string.rep("z", 300) end, function() return setmetatable({}, { __index = function() error("trap") end }) end,
}
local function any() return pool[R(#pool)]() end

-- Callbacks that change the world from inside a step, or fail.
local function mutate()
  local r = R(10)
  if r == 1 then pcall(function() pick(behaviors):addItem(pick(views)) end)
  elseif r == 2 then pcall(function() pick(behaviors):removeItem(pick(views)) end)
  elseif r == 3 then pick(views):removeFromSuperview()
  elseif r == 4 then pcall(function() pick(animators):addBehavior(pick(behaviors)) end)
  elseif r == 5 then pcall(function() pick(animators):removeBehavior(pick(behaviors)) end)
  elseif r == 6 then pick(views).velocity = {R(-900, 900), R(-900, 900)}
  elseif r == 7 then pcall(function() pick(behaviors).action = nil end)
  elseif r == 8 then collectgarbage("step", 20)
  elseif r == 9 then error("a callback that fails")
  else pick(views).center = {R() * 320, R() * 500} end
end
local delegate = {
  beganContact = function() if R() < 0.2 then mutate() end end,
  endedContact = function() if R() < 0.2 then mutate() end end,
  beganBoundaryContact = function() if R() < 0.2 then mutate() end end,
  endedBoundaryContact = function() if R() < 0.1 then mutate() end end,
}

local makers = {
  function() return Gravity{ pick(views), pick(views), magnitude = R() * 2 } end,
  function()
    local c = Collision{ pick(views), pick(views), pick(views), mode = pick{ "everything", "items", "boundaries" } }
    c.translatesReferenceBoundsIntoBoundary = R() < 0.7
    c:addBoundary(pick{ "floor", 1, 2 }, {0, 500}, {320, 480})
    if R() < 0.5 then c.delegate = delegate end
    return c
  end,
  function() return Attachment(pick(views), { anchor = {R() * 320, 0} }) end,
  function() return Attachment.pin(pick(views), pick(views), {50, 50}) end,
  function() return Attachment.sliding(pick(views), pick(views), {60, 60}, {1, 0}) end,
  function() return Attachment.limit(pick(views), {0, 0}, pick(views), {0, 0}) end,
  function() return Snap(pick(views), {160, 200}) end,
  function() return Push{ pick(views), magnitude = R(), mode = pick{ "continuous", "instantaneous" } } end,
  function() return ItemBehavior{ pick(views), density = R() * 3 + 0.1, elasticity = R(), friction = R(),
                                  anchored = R() < 0.1, allowsRotation = R() < 0.8 } end,
  function() local b = Behavior{}; b:addChild(Gravity{ pick(views) }); return b end,
  function() return pick{ Gravity, Collision, Snap, Push, ItemBehavior, Behavior, Attachment, View, Animator, Point }(any(), any(), any()) end,
}

local ok, errors = 0, 0
local function tally(success) if success then ok = ok + 1 else errors = errors + 1 end end

for _ = 1, calls do
  local r = R(100)
  local a = pick(animators)
  if r <= 12 then
    local success, b = pcall(pick(makers))
    tally(success)
    if success and type(b) == "userdata" and getmetatable(b).__methods.addChild then
      behaviors[#behaviors + 1] = b
      if R() < 0.3 then b.action = function() if R() < 0.05 then mutate() end end end
    end
  elseif r <= 22 and #behaviors > 0 then tally(pcall(function() a:addBehavior(pick(behaviors)) end))
  elseif r <= 27 and #behaviors > 0 then tally(pcall(function() a:removeBehavior(pick(behaviors)) end))
  elseif r <= 29 then tally(pcall(function() a:removeAllBehaviors() end))
  elseif r <= 34 and #behaviors > 0 then tally(pcall(function() pick(behaviors):addItem(pick(views)) end))
  elseif r <= 37 and #behaviors > 0 then tally(pcall(function() pick(behaviors):removeItem(pick(views)) end))
  elseif r <= 39 and #behaviors > 0 then tally(pcall(function() pick(behaviors):addChild(pick(behaviors)) end))
  elseif r <= 40 and #behaviors > 0 then tally(pcall(function() pick(behaviors):removeChild(pick(behaviors)) end))
  elseif r <= 41 then pick(views):removeFromSuperview(); tally(true)
  elseif r <= 42 then
    animators[R(#animators)] = Animator{ width = 320, height = 568 }
    collectgarbage()
    tally(true)
  elseif r <= 43 then newView(); tally(true)
  elseif r <= 55 then
    -- a field of anything, set to anything
    local o = R() < 0.5 and pick(views) or (#behaviors > 0 and pick(behaviors) or a)
    local fields = getmetatable(o).__fields or {}
    if #fields > 0 then
      local f = fields[R(#fields)]
      if f ~= "delegate" and f ~= "collisionDelegate" and f ~= "action" then
        tally(pcall(function() o[f] = any() end))
      end
    end
  elseif r <= 70 then
    -- a method of anything, with anything
    local o = R() < 0.3 and pick(views) or (R() < 0.5 and #behaviors > 0 and pick(behaviors) or a)
    local names = {}
    for k in pairs(getmetatable(o).__methods or {}) do names[#names + 1] = k end
    table.sort(names)
    local m = names[R(#names)]
    if m and m ~= "play" and m ~= "serve" and m ~= "run" and m ~= "runUntilRest" then
      local x, y, z = any(), any(), any()
      if type(x) == "string" then x = folder .. "/" .. x end
      tally(pcall(o[m], o, x, y, z))
    end
  elseif r <= 72 then collectgarbage(pick{ "collect", "step", "generational", "incremental" }); tally(true)
  else
    for _, x in ipairs(animators) do tally(pcall(function() x:step() end)) end
  end
  if #behaviors > 60 then table.remove(behaviors, 1) end
  if #views > 60 then table.remove(views, 1) end
end

local function finite(x) return x == x and x ~= math.huge and x ~= -math.huge end
for _, v in ipairs(views) do
  assert(finite(v.center.x) and finite(v.center.y) and finite(v.angle), "NaN in the world: " .. tostring(v))
  assert(finite(v.velocity.x) and finite(v.velocity.y) and finite(v.angularVelocity), "NaN velocity: " .. tostring(v))
end
for _, a in ipairs(animators) do
  assert(finite(a.kineticEnergy), "NaN energy")
end
print("seed", seed, "calls", calls, "ok", ok, "errors", errors)
