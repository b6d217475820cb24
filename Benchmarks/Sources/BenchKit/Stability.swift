/// Computes a scene's stability figure from where its bodies started and where they are now.
public enum Stability {
    /// The figure in metres, or nil when the scene has none.
    public static func figure(_ measure: StabilityMeasure, start: (Int) -> Vec2, now: (Int) -> Vec2) -> Double? {
        switch measure {
        case .none:
            return nil
        case let .topDrift(indices):
            return indices.map { (now($0) - start($0)).length }.max()
        case let .jointStretch(pairs, rest):
            // Pins at the midpoint let a pair fold closer but never pull apart beyond the rest length.
            return pairs.map { max(0, (now($0.0) - now($0.1)).length - rest) }.max()
        }
    }
}
