-- Random API calls with garbage arguments, all under pcall: luadyn must never crash, and the world never
-- holds a NaN. Run by Tests/EndToEndTests/APIFuzzTests.swift with a few seeds (each run is deterministic).
-- Usage: luadyn api-fuzz.lua SEED FOLDER. Methods that write files get their file names inside FOLDER, so a run never
-- writes into the folder it was started from.
local seed = tonumber(arg[1]) or 1
local folder = arg[2] or error("usage: luadyn api-fuzz.lua SEED FOLDER (a folder for the files it writes)")
math.randomseed(seed)
local a = Animator{ width = 320, height = 568 }
local views = {}
for i = 1, 4 do views[i] = View{ center = {40 * i, 50}, size = {30, 30}, name = "v" .. i } end
local pool
pool = {
  function() return nil end, function() return true end, function() return -1 end, function() return 0 end,
  function() return 1e308 end, function() return -1e308 end, function() return 0/0 end, function() return math.huge end,
  function() return "x" end, function() return {} end, function() return {1} end, function() return {1, 2} end,
  function() return {x = 1, y = 2} end, function() return {1e308, 1e308} end, function() return {10, 20, 30, 40} end,
  function() return views[math.random(#views)] end, function() return a end, function() return Path.rect{0, 0, 10, 10} end,
  function() return function() end end, function() return 2 end, function() return 1e-300 end, function() return 100 end,
  function() return "everything" end, function() return "instantaneous" end, function() return {0, 1} end,
  function() return {min = 1, max = 0} end, function() return {0, math.huge} end, function() return Point(1, 2) end,
}
local function any() return pool[math.random(#pool)]() end
local makers = {
  function(...) return Gravity(...) end, function(...) return Collision(...) end, function(...) return Snap(...) end,
  function(...) return Push(...) end, function(...) return ItemBehavior(...) end, function(...) return Behavior(...) end,
  function(...) return Attachment(...) end, function(...) return Attachment.fixed(...) end, function(...) return Attachment.pin(...) end,
  function(...) return Attachment.sliding(...) end, function(...) return Attachment.limit(...) end, function(...) return View(...) end,
  function(...) return Path.polygon(...) end, function(...) return Path.oval(...) end, function(...) return Path.roundedRect(...) end,
  function(...) return Animator(...) end, function(...) return Point(...) end,
}
local objects = { a, views[1], views[2] }
local ok, errs = 0, 0
for i = 1, 3000 do
  local r = math.random()
  local success, result
  if r < 0.3 then
    success, result = pcall(makers[math.random(#makers)], any(), any(), any(), any())
    if success and type(result) == "userdata" then objects[#objects + 1] = result end
    if success and math.random() < 0.5 and type(result) == "userdata" then pcall(function() a:addBehavior(result) end) end
  elseif r < 0.6 then
    local o = objects[math.random(#objects)]
    local mt = getmetatable(o)
    local fields = mt and mt.__fields or {}
    if #fields > 0 then
      local f = fields[math.random(#fields)]
      success, result = pcall(function() o[f] = any() end)
      pcall(function() return o[f] end)
    end
  elseif r < 0.85 then
    local o = objects[math.random(#objects)]
    local mt = getmetatable(o)
    local names = {}
    for k in pairs(mt and mt.__methods or {}) do names[#names + 1] = k end
    table.sort(names)
    if #names > 0 then
      local m = names[math.random(#names)]
      if m ~= "play" then
        local x, y, z = any(), any(), any()
        if type(x) == "string" then x = folder .. "/" .. x end
        success, result = pcall(o[m], o, x, y, z)
      end
    end
  else
    success, result = pcall(function() a:step(math.random() < 0.9 and 1/60 or any()) end)
  end
  if success then ok = ok + 1 else errs = errs + 1 end
end
for _, v in ipairs(views) do assert(v.center.x == v.center.x, "NaN in the world") end
print("seed", seed, "ok", ok, "errors", errs)
