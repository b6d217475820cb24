-- Push: continuous (a force) and instantaneous (a kick).
-- Notice: a kick of magnitude 1 gives a 100x100 item 100 pt/s at once and then switches itself off;
-- a continuous push of 1 accelerates it by 100 pt/s^2, so it gains 100 pt/s each second; twice the mass, half that.

animator = Animator()
kicked = View{ center = {0, 0}, size = {100, 100}, name = "kicked" }
pushed = View{ center = {0, 200}, size = {100, 100}, name = "pushed" }
heavy = View{ center = {0, 400}, size = {200, 100}, name = "heavy" }

kick = Push{ kicked, mode = "instantaneous", angle = 0, magnitude = 1 }
force = Push{ pushed, heavy, angle = 0, magnitude = 1 }
animator:addBehavior(kick)
animator:addBehavior(force)

animator:step()
print("after one frame the kick is", kick.active and "still active" or "spent", "and kicked moves at", kicked.velocity)
for second = 1, 2 do
  animator:run(1)
  print(string.format("t=%.0fs  kicked %5.1f pt/s   pushed %5.1f pt/s   heavy %5.1f pt/s", second,
    kicked.velocity.x, pushed.velocity.x, heavy.velocity.x))
end
assert(math.abs(kicked.velocity.x - 100) < 0.5)
assert(math.abs(pushed.velocity.x - 200 - 100 / 60) < 4)
assert(math.abs(heavy.velocity.x * 2 - pushed.velocity.x) < 2)

-- an off-centre push turns the item as well
spinner = View{ center = {0, 600}, size = {100, 100}, name = "spinner" }
flick = Push{ spinner, mode = "instantaneous", angle = math.pi / 2, magnitude = 1 }
flick:setTargetOffset(spinner, {50, 0})
animator:addBehavior(flick)
animator:step()
print(string.format("a push down on the right edge spins it clockwise: %.2f rad/s", spinner.angularVelocity))
assert(spinner.angularVelocity > 0)
