-- The globals are also what require "luadyn" returns.
local luadyn = require "luadyn"
assert(luadyn.Point == Point and luadyn.help == help)
-- Every bound metatable lists its fields for REPL completion.
assert(type(getmetatable(Point(0, 0)).__fields) == "table")
assert(getmetatable(Point(0, 0)).__fields[1] == "x")
