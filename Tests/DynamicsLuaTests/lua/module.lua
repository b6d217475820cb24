-- The globals are also what require "luadyn" returns.
local luadyn = require "luadyn"
assert(luadyn.Point == Point and luadyn.help == help)
-- Every bound metatable lists its fields for REPL completion.
assert(type(getmetatable(Point(0, 0)).__fields) == "table")
assert(getmetatable(Point(0, 0)).__fields[1] == "x")

-- help is called like a function and shows its overview when printed (typing `help` alone at the prompt).
assert(type(help) == "table" and getmetatable(help).__call ~= nil)
assert(tostring(help):find("^LuaDynamics: UIKit Dynamics in Lua"), tostring(help))
