/// Several engines stepping the same scene in one process, frame by frame in turn: each frame of each engine is
/// timed right after the others', so a change in the machine's speed lands on all of them at once.
///
/// The frames are cut into windows, and each window is called slow or quiet by the first engine (the reference):
/// slow when its median frame is more than `slowFactor` times the reference's fastest tenth of windows. The
/// machine this project runs on has slow periods, seconds to minutes long, in which two threads of one process
/// answer each other several times slower and two-worker steps take up to twice as long; rounds of separate
/// processes land in them at random. Paired frames say how each engine fares in both kinds of period.
///
/// The reference calibrates itself: a run spent wholly in a slow period has no fast windows, so all its windows
/// count as quiet; its milliseconds tell such a run apart.
///
/// The engines share one heap and the caches: each frame starts with what the other engines' frames left there,
/// so the times run higher than in `Runner`'s child processes. Ratios between engines, in the same kind of window,
/// are what this is for.
public struct PairedFrames: Sendable {
    /// Frame times (milliseconds) of each engine, in frame order.
    public var frames: [[Double]]
    /// Frames a window holds.
    public var window: Int
    /// A window is slow above this multiple of the reference's fastest tenth of windows.
    public var slowFactor: Double

    /// The summary of one kind of window.
    public struct Summary: Sendable, Equatable {
        /// Windows of this kind.
        public var windows: Int
        /// Each engine's median of its windows' medians (milliseconds).
        public var milliseconds: [Double]
        /// Each engine's median of its window medians over the reference's, window by window.
        public var ratios: [Double]
    }

    /// Steps a world of `scene` on each of `engines` for `count` frames, in turn, after `warmup` frames each.
    public static func measure(_ scene: SceneSpec, on engines: [Engine], frames count: Int, warmup: Int = 150,
                               window: Int = 25, slowFactor: Double = 1.25) throws -> PairedFrames {
        let worlds = try engines.map { try $0.make(scene) }
        for _ in 0..<warmup { for w in worlds { try w.step(Runner.dt) } }
        var frames = [[Double]](repeating: [], count: worlds.count)
        for k in frames.indices { frames[k].reserveCapacity(count) }
        for _ in 0..<count {
            for (k, w) in worlds.enumerated() {
                let t0 = MonotonicClock.now()
                try w.step(Runner.dt)
                frames[k].append(Double(MonotonicClock.now() &- t0) / 1e6)
            }
        }
        return PairedFrames(frames: frames, window: window, slowFactor: slowFactor)
    }

    /// Each window's median frame of each engine: `[window][engine]`.
    public var windowMedians: [[Double]] {
        guard let first = frames.first, window > 0 else { return [] }
        return stride(from: 0, to: first.count - window + 1, by: window).map { start in
            frames.map { Statistics.median(Array($0[start..<start + window])) }
        }
    }

    /// The quiet windows' summary and the slow windows' (nil for a kind with no window).
    public var summaries: (quiet: Summary?, slow: Summary?) {
        let medians = windowMedians
        guard !medians.isEmpty else { return (nil, nil) }
        let reference = medians.map { $0[0] }.sorted()
        let fast = Statistics.median(Array(reference.prefix(max(1, reference.count / 10))))
        func summary(_ chosen: [[Double]]) -> Summary? {
            guard !chosen.isEmpty else { return nil }
            let engines = chosen[0].indices
            return Summary(windows: chosen.count,
                           milliseconds: engines.map { k in Statistics.median(chosen.map { $0[k] }) },
                           ratios: engines.map { k in Statistics.median(chosen.map { $0[k] / $0[0] }) })
        }
        let slow = medians.filter { $0[0] > slowFactor * fast }
        let quiet = medians.filter { $0[0] <= slowFactor * fast }
        return (summary(quiet), summary(slow))
    }
}
