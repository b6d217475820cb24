/// How frame time grows with the number of bodies, from piles of several sizes.
public struct ScalingResult: Sendable {
    public var engine: String
    /// Body counts, in the order run.
    public var counts: [Int]
    /// Mean ms per frame for each count (nil where the run failed).
    public var milliseconds: [Double?]
    /// The fitted growth exponent (1 = linear), over the counts that ran.
    public var exponent: Double?

    /// Runs a pile of each size and fits the exponent by least squares on log-log.
    public static func measure(engine: Engine, counts: [Int], steps: Int, runner: Runner) -> ScalingResult {
        var ms: [Double?] = []
        for n in counts {
            ms.append(runner.run(Scenes.pile(count: n, steps: steps), on: engine).result?.meanMilliseconds)
        }
        var xs: [Double] = [], ys: [Double] = []
        for (n, t) in zip(counts, ms) { if let t { xs.append(Double(n)); ys.append(t) } }
        let fit = Statistics.powerLaw(x: xs, y: ys)
        return ScalingResult(engine: engine.name, counts: counts, milliseconds: ms, exponent: fit?.exponent)
    }
}
