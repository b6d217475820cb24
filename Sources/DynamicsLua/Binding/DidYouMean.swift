/// Suggestions for misspelt names, so `g.magnitud = 2` can answer "did you mean 'magnitude'?".
enum DidYouMean {
    /// The edit distance between two names, counting a swap of neighbouring letters as one edit (typing slips are
    /// mostly swaps); case is ignored, since `Center` for `center` is the same slip.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.lowercased().utf8), b = Array(b.lowercased().utf8)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }

    /// The candidate nearest to `name`, when it is near enough to be a plausible typo
    /// (about a third of the name's length in edits, and at least one), else one it begins or ends;
    /// ties go to the earlier candidate.
    static func nearest(to name: String, in candidates: [String]) -> String? {
        let limit = max(1, (name.count + 1) / 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let d = distance(name, candidate)
            if d <= limit, d < (best?.distance ?? Int.max) { best = (candidate, d) }
        }
        if let best { return best.name }
        // A shortened name (`elastic`, `point`) is the start or end of the one meant (`elasticity`, `snapPoint`).
        let lowered = name.lowercased()
        guard lowered.count >= 3 else { return nil }
        return candidates.first { $0.lowercased().hasPrefix(lowered) || $0.lowercased().hasSuffix(lowered) }
    }

    /// `Gravity has no field 'magnitud' (did you mean 'magnitude'?)`, or without the suggestion when none is near.
    static func unknownField(_ name: String, of typeName: String, candidates: [String], noun: String = "field") -> String {
        var message = "\(typeName) has no \(noun) '\(name)'"
        if let suggestion = nearest(to: name, in: candidates) { message += " (did you mean '\(suggestion)'?)" }
        return message
    }
}
