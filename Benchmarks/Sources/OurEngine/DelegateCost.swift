import BenchKit
import DynamicsLua
import LuaKit

/// What a Lua collision delegate costs per contact event, measured on a scene busy with contacts rather than as the
/// difference of two separately timed piles (which cannot resolve about a microsecond per event inside the noise of
/// a whole frame). Two identical worlds, one with a counting delegate and one without, are stepped in alternation,
/// frame by frame and in alternating order, so load on the machine falls on both alike; the worlds stay identical
/// because the delegate only counts. Frames are timed by the thread's processor time, not the wall clock: the
/// difference sought is a few per cent of a frame, and on a shared machine a frame that loses its core for a time
/// slice would swamp it.
public enum DelegateCost {
    /// The measurement: nanoseconds per event (median over blocks of frames) and the events it saw.
    public struct Figure: Sendable {
        public var nanosecondsPerEvent: Double
        public var eventsPerFrame: Double
        public var frames: Int
    }

    /// A gas: 200 circles without gravity, elastic and without friction, sent off at 600-1200 pt/s in a closed box
    /// and kept awake, so contacts begin and end at a steady rate (about 75 events a frame at first, 30 after 600
    /// frames). A denser or slower gas cools within a few hundred frames (soft contacts lose a little energy per
    /// collision, and a contact slower than the restitution threshold does not bounce): its later frames then have
    /// so few events that the per-event figure is mostly noise.
    /// The delegate has all four methods, so every event the world reports reaches Lua and is counted: a delegate
    /// with "began" methods only would still pay for routing the "ended" events it does not hear.
    /// `bench_frame()` steps once and returns the events delivered so far; `bench_fingerprint()` sums the positions.
    static func script(delegate: Bool) -> String {
        """
        local A = Animator{ width = 600, height = 600, allowsSleep = false }
        local C = Collision{ translatesReferenceBoundsIntoBoundary = true }
        local B = ItemBehavior{ elasticity = 1, friction = 0, resistance = 0 }
        local items = {}
        for i = 0, 199 do
          local v = View{ center = {20 + (i % 15) * 37, 20 + (i // 15) * 37}, size = {20, 20}, shape = "ellipse" }
          C:addItem(v); B:addItem(v)
          items[#items + 1] = v
        end
        A:addBehavior(C); A:addBehavior(B)
        for i, v in ipairs(items) do
          local a = i * 2.399963
          local speed = 600 * (1 + (i % 7) / 7)
          v.velocity = {math.cos(a) * speed, math.sin(a) * speed}
        end
        local count = 0
        if \(delegate) then
          C.delegate = { beganContact = function(self, c, a, b, p) count = count + 1 end,
                         endedContact = function(self, c, a, b) count = count + 1 end,
                         beganBoundaryContact = function(self, c, item, id, p) count = count + 1 end,
                         endedBoundaryContact = function(self, c, item, id) count = count + 1 end }
        end
        function bench_frame() A:step(1/60); return count end
        -- A fingerprint of the world, for the tests that check the delegate leaves it as it would be without.
        function bench_fingerprint()
          local sum = 0
          for i, v in ipairs(items) do local c = v.center; sum = sum + i * c.x + c.y end
          return sum
        end
        """
    }

    /// Steps both worlds `frames` times after a short warm-up; the cost per event is, per block of `block` frames,
    /// (time with delegate - time without) over the events of the block, and the median over blocks is reported.
    public static func measure(frames: Int, block: Int = 20) throws -> Figure {
        let with = try world(delegate: true), without = try world(delegate: false)
        for _ in 0..<10 { _ = try frame(with); _ = try frame(without) }
        var perEvent: [Double] = []
        var blockWith = 0.0, blockWithout = 0.0
        var events = try frame(with)
        _ = try frame(without)
        var blockStart = events
        let firstEvents = events
        let n = max(frames, block)
        for f in 1...n {
            var after = events
            // The world timed first in a pair runs slower by tens of microseconds (an A/A run, both worlds without a
            // delegate, showed 38 us a frame for the first): the order alternates so that falls on both alike.
            if f % 2 == 0 {
                blockWith += try ThreadCPUClock.seconds { after = try frame(with) }
                blockWithout += try ThreadCPUClock.seconds { _ = try frame(without) }
            } else {
                blockWithout += try ThreadCPUClock.seconds { _ = try frame(without) }
                blockWith += try ThreadCPUClock.seconds { after = try frame(with) }
            }
            events = after
            if f % block == 0 {
                if events > blockStart { perEvent.append((blockWith - blockWithout) / Double(events - blockStart) * 1e9) }
                blockWith = 0; blockWithout = 0; blockStart = events
            }
        }
        guard !perEvent.isEmpty else { throw EngineError("delegate cost: no contact events") }
        return Figure(nanosecondsPerEvent: Statistics.median(perEvent),
                      eventsPerFrame: Double(events - firstEvents) / Double(n), frames: n)
    }

    private static func world(delegate: Bool) throws -> LuaState {
        let state = LuaState()
        openDynamics(state)
        do {
            try state.run(script(delegate: delegate), name: "=delegate")
        } catch {
            throw EngineError("delegate cost: \(error.message)")
        }
        return state
    }

    /// One frame; the events delivered so far.
    private static func frame(_ state: LuaState) throws -> Int {
        let s = state.stack
        let base = s.top
        defer { s.top = base }
        _ = s.getGlobal("bench_frame")
        do { try s.call(arguments: 0, results: 1) } catch { throw EngineError("delegate cost: \(error.message)") }
        return Int(s.integer(at: -1) ?? 0)
    }
}
