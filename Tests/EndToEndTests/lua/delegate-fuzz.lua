-- Collision delegates that change the world from inside their callbacks, at random: items and boundaries removed
-- and added, the behaviour taken out and put back, the delegate replaced, cleared, given a metatable or a method
-- that is not a function, errors raised. luadyn must never crash, and the events must keep UIKit's pairing: per
-- pair of items the events alternate began, ended, began ...; an item's contacts with one boundary identifier are
-- at most as many as that boundary has segments; every "began" heard is ended by the time the behaviour has gone.
-- Run by Tests/EndToEndTests/DelegateFuzzTests.swift with a few seeds (each run is deterministic). Errors raised on
-- purpose are reported by luadyn (status 1), so the verdict is the last line.
local seed = tonumber(arg[1]) or 1
math.randomseed(seed)
local R = math.random

local A = Animator{ width = 400, height = 400, allowsSleep = R() < 0.5 }
local C = Collision{ translatesReferenceBoundsIntoBoundary = true }
local G = Gravity{}
G.angle = R() * 2 * math.pi
local items = {}
local nextName = 0
local function newItem()
  nextName = nextName + 1
  local size = 10 + R() * 30
  local v = View{ center = {30 + R() * 340, 30 + R() * 340}, size = {size, 10 + R() * 30},
                  shape = R() < 0.5 and "ellipse" or "rectangle", name = "v" .. nextName }
  v.velocity = {R(-400, 400), R(-400, 400)}
  items[#items + 1] = v
  C:addItem(v); G:addItem(v)
  return v
end
for _ = 1, 60 do newItem() end
A:addBehavior(C); A:addBehavior(G)

local open, began, ended, problems, raised = {}, 0, 0, {}, 0
local segments = { bounds = 4 }
local function problem(text) if #problems < 10 then problems[#problems + 1] = text end end
local function pairKey(a, b) if a.name < b.name then return a.name .. "|" .. b.name end return b.name .. "|" .. a.name end
local function boundaryKey(item, id) return item.name .. "|" .. tostring(id or "bounds") end
local function begin(key, limit)
  began = began + 1
  open[key] = (open[key] or 0) + 1
  if open[key] > limit then problem("began again while open: " .. key) end
end
local function finish(key)
  ended = ended + 1
  if not open[key] then problem("ended while not open: " .. key); return end
  open[key] = open[key] > 1 and open[key] - 1 or nil
end

local boundaryCount = 0
local function mutate(c, point)
  local roll = R(1, 14)
  if roll == 1 and #items > 0 then
    c:removeItem(items[R(1, #items)])
  elseif roll == 2 then
    boundaryCount = boundaryCount + 1
    local id = "b" .. boundaryCount
    segments[id] = 1
    c:addBoundary(id, point, {point.x + R(-60, 60), point.y + R(-60, 60)})
  elseif roll == 3 then
    local ids = c.boundaryIdentifiers
    if #ids > 0 then c:removeBoundary(ids[R(1, #ids)]) end
  elseif roll == 4 then
    A:removeBehavior(c)
  elseif roll == 5 then
    newItem()
  elseif roll == 6 then
    raised = raised + 1
    error("boom " .. raised)
  elseif roll == 7 and #items > 0 then
    items[R(1, #items)].velocity = {R(-800, 800), R(-800, 800)}
  elseif roll == 8 then
    c.collisionMode = ({"items", "boundaries", "everything"})[R(1, 3)]
  end
end

local methods = {}
function methods.beganContact(self, c, a, b, p) begin(pairKey(a, b), 1); mutate(c, p) end
function methods.endedContact(self, c, a, b) finish(pairKey(a, b)) end
function methods.beganBoundaryContact(self, c, item, id, p)
  begin(boundaryKey(item, id), segments[id or "bounds"] or 1); mutate(c, p)
end
function methods.endedBoundaryContact(self, c, item, id) finish(boundaryKey(item, id)) end

-- Delegates of every kind: a plain table, one whose methods come from a metatable, one with a method that is not
-- a function (calling it raises; its events are lost, so pairing is not checked once it was set; one seed in
-- three uses it).
local plain = {}
for k, f in pairs(methods) do plain[k] = f end
local inherited = setmetatable({}, { __index = methods })
local broken = { beganContact = 42, endedContact = methods.endedContact,
                 beganBoundaryContact = methods.beganBoundaryContact, endedBoundaryContact = methods.endedBoundaryContact }
local checking = true

for frame = 1, 400 do
  local roll = R(1, 40)
  if roll == 1 then C.delegate = plain
  elseif roll == 2 then C.delegate = inherited
  elseif roll == 3 then C.delegate = nil
  elseif roll == 4 and seed % 3 == 0 then C.delegate = broken; checking = false
  elseif roll == 5 and not C.animator then A:addBehavior(C)
  elseif roll == 6 then newItem()
  end
  if frame == 1 then C.delegate = plain end
  A:step()
end

-- The end: a delegate that counts, then the behaviour goes; every contact still open must be ended.
C.delegate = plain
if not C.animator then A:addBehavior(C) end
A:step()
A:removeBehavior(C)
A:step()
for key, n in pairs(open) do problem("still open at the end: " .. key .. " x" .. n) end

for _, v in ipairs(items) do
  local c, w = v.center, v.velocity
  if c.x ~= c.x or c.y ~= c.y or w.x ~= w.x or w.y ~= w.y then problem("NaN in " .. v.name) end
end
if not checking then
  -- A broken delegate lost events on purpose; only the absence of crashes and NaN counts then.
  local kept = {}
  for _, p in ipairs(problems) do if p:find("NaN") then kept[#kept + 1] = p end end
  problems = kept
end
print(("seed\t%d\t%s\tbegan %d ended %d raised %d pairing %s"):format(seed, #problems == 0 and "ok" or "FAILED",
  began, ended, raised, checking and "checked" or "not checked"))
for _, p in ipairs(problems) do print("  " .. p) end
