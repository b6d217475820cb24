-- use(animator) and the current animator of the dot-commands.
local a = Animator{ width = 100, height = 100 }
local b = Animator{ width = 200, height = 200 }
assert(dotState():find("Animator 200x200", 1, true), "the animator made last is current")
assert(use(a) == a, "use returns its animator")
assert(dotState():find("Animator 100x100", 1, true), "use chooses the current animator")
local c = Animator{ width = 300, height = 300 }
assert(dotState():find("Animator 300x300", 1, true), "a newly made animator becomes current")
use(b)
assert(dotState():find("Animator 200x200", 1, true))
expectError("bad argument #1 to 'use' (Animator expected, got number)", function() use(3) end)
expectError("bad argument #1 to 'use' (Animator expected, got View)", function()
  use(View{ center = {0, 0}, size = {1, 1} }) end)
assert(captured(help, use):find("use(animator)", 1, true), "help(use)")
assert(captured(help):find("use(animator)", 1, true), "help() lists use")
assert(require("luadyn").use == use)
