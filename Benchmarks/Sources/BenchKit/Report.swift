/// Builds the tables of a benchmark run from its outcomes.
public enum Report {
    /// The scene table: ms per frame for each engine, the first engine's ratio to each peer (by default every
    /// other engine), and each engine's stability figure. `outcomes[s][e]` belongs to scene s and engine e;
    /// `pending` names engines whose side is not built yet, shown as "pending" rather than as a failure.
    public static func sceneTable(scenes: [SceneSpec], engines: [String], outcomes: [[SceneOutcome]],
                                  peers chosen: [String]? = nil, pending: Set<String> = [],
                                  ratios extra: [(String, String)] = []) -> Table {
        guard let ours = engines.first else { return Table(headers: ["scene"]) }
        let peerIndices = engines.indices.dropFirst().filter { chosen?.contains(engines[$0]) ?? true }
        let peers = peerIndices.map { engines[$0] }
        var headers = ["scene", "bodies"]
        headers += engines.map { "\($0) ms" }
        headers += peers.map { "\(ours)/\($0)" }
        // Further ratios of one engine over another (ours on two threads over v3 on two).
        let extraIndices = extra.compactMap { pair -> (Int, Int)? in
            guard let a = engines.firstIndex(of: pair.0), let b = engines.firstIndex(of: pair.1) else { return nil }
            return (a, b)
        }
        headers += extraIndices.map { "\(engines[$0.0])/\(engines[$0.1])" }
        headers += engines.map { "\($0) stab. (cm)" }
        var rows: [[String]] = []
        for (s, scene) in scenes.enumerated() {
            let row = s < outcomes.count ? outcomes[s] : []
            func outcome(_ e: Int) -> SceneOutcome? { e < row.count ? row[e] : nil }
            func placeholder(_ e: Int) -> String {
                if pending.contains(engines[e]) { return "pending" }
                if case .failed? = outcome(e) { return "failed" }
                return "-"
            }
            var cells = [scene.name, "\(scene.bodies.count)"]
            for e in engines.indices {
                if let r = outcome(e)?.result {
                    // A star sends the reader to the engine's note under the table.
                    cells.append(Format.milliseconds(r.meanMilliseconds) + (r.finite ? "" : " (nan)")
                                 + (r.note == nil ? "" : "*"))
                } else {
                    cells.append(placeholder(e))
                }
            }
            for e in peerIndices {
                if let a = outcome(0)?.result, let b = outcome(e)?.result, b.meanMilliseconds > 0 {
                    cells.append(Format.ratio(a.meanMilliseconds / b.meanMilliseconds))
                } else {
                    cells.append(pending.contains(ours) ? "pending" : "-")
                }
            }
            for (a, b) in extraIndices {
                if let x = outcome(a)?.result, let y = outcome(b)?.result, y.meanMilliseconds > 0 {
                    cells.append(Format.ratio(x.meanMilliseconds / y.meanMilliseconds))
                } else {
                    cells.append("-")
                }
            }
            for e in engines.indices {
                if let r = outcome(e)?.result {
                    cells.append(r.stability.map { Format.fixed($0 * 100, 1) } ?? "-")
                } else {
                    cells.append(placeholder(e))
                }
            }
            rows.append(cells)
        }
        return Table(headers: headers, rows: rows)
    }

    /// The building table: per scene and engine, milliseconds to make the world plus its first frame, with the two
    /// parts in brackets, then the first engine's ratio of that sum to each peer's. `costs[s][e]` belongs to scene s
    /// and engine e; nil when the engine could not build it.
    public static func buildTable(scenes: [SceneSpec], engines: [String], costs: [[SceneBuildCost?]],
                                  peers chosen: [String]? = nil) -> Table {
        guard let ours = engines.first else { return Table(headers: ["scene"]) }
        let peerIndices = engines.indices.dropFirst().filter { chosen?.contains(engines[$0]) ?? true }
        var headers = ["scene", "bodies"]
        headers += engines.map { "\($0) ms (make + 1st frame)" }
        headers += peerIndices.map { "\(ours)/\(engines[$0])" }
        var rows: [[String]] = []
        for (s, scene) in scenes.enumerated() {
            let row = s < costs.count ? costs[s] : []
            func cost(_ e: Int) -> SceneBuildCost? { e < row.count ? row[e] : nil }
            var cells = [scene.name, "\(scene.bodies.count)"]
            for e in engines.indices {
                guard let c = cost(e) else { cells.append("failed"); continue }
                cells.append(Format.milliseconds(c.totalSeconds * 1000) + " (" + Format.milliseconds(c.makeSeconds * 1000)
                             + " + " + Format.milliseconds(c.firstStepSeconds * 1000) + ")")
            }
            for e in peerIndices {
                if let a = cost(0), let b = cost(e), b.totalSeconds > 0 {
                    cells.append(Format.ratio(a.totalSeconds / b.totalSeconds))
                } else {
                    cells.append("-")
                }
            }
            rows.append(cells)
        }
        return Table(headers: headers, rows: rows)
    }

    /// Failure reasons, one line each, to print under the table.
    public static func failures(_ outcomes: [[SceneOutcome]]) -> [String] {
        outcomes.flatMap { $0 }.compactMap {
            if case let .failed(scene, engine, reason) = $0 { return "\(engine) / \(scene): \(reason)" }
            return nil
        }
    }
}
