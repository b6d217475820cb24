-- Helpers for the Lua test files: they run after openDynamics, before each file.

-- Runs fn and checks it raises an error whose message contains `fragment` (plain text, not a pattern).
function expectError(fragment, fn, ...)
  local ok, message = pcall(fn, ...)
  assert(not ok, "expected an error containing: " .. fragment)
  message = tostring(message)
  assert(string.find(message, fragment, 1, true), "expected '" .. fragment .. "' in: " .. message)
  return message
end

-- Checks two numbers agree within `tolerance` (default 1e-9), naming `what` when they do not.
function near(a, b, tolerance, what)
  tolerance = tolerance or 1e-9
  assert(math.abs(a - b) <= tolerance,
    string.format("%s: %.10g is not within %g of %.10g", what or "value", a, tolerance, b))
end

-- Captures what `print` writes while fn runs, as one string.
function captured(fn, ...)
  local lines, original = {}, print
  print = function(...)
    local parts = {}
    for i = 1, select("#", ...) do parts[i] = tostring((select(i, ...))) end
    lines[#lines + 1] = table.concat(parts, "\t")
  end
  local ok, err = pcall(fn, ...)
  print = original
  assert(ok, err)
  return table.concat(lines, "\n")
end
