import Foundation

/// Small statistics for timings and fits.
public enum Statistics {
    /// Arithmetic mean; 0 for no values.
    public static func mean(_ values: [Double]) -> Double {
        values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count)
    }

    /// Median (mean of the middle two for an even count); 0 for no values.
    public static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }

    /// A power law y = c x^k fitted by least squares on log y against log x.
    public struct PowerLaw: Sendable, Equatable {
        /// The growth exponent k: 1 means linear, 2 quadratic.
        public var exponent: Double
        /// The coefficient c.
        public var coefficient: Double
    }

    /// Fits y = c x^k to positive points by least squares in log-log space; nil with fewer than two distinct x,
    /// or any non-positive value (whose logarithm does not exist).
    public static func powerLaw(x: [Double], y: [Double]) -> PowerLaw? {
        guard x.count == y.count, x.count >= 2, x.allSatisfy({ $0 > 0 }), y.allSatisfy({ $0 > 0 }) else { return nil }
        let lx = x.map { log($0) }, ly = y.map { log($0) }
        let mx = mean(lx), my = mean(ly)
        var sxy = 0.0, sxx = 0.0
        for i in lx.indices {
            sxy += (lx[i] - mx) * (ly[i] - my)
            sxx += (lx[i] - mx) * (lx[i] - mx)
        }
        guard sxx > 0 else { return nil }
        let k = sxy / sxx
        return PowerLaw(exponent: k, coefficient: exp(my - k * mx))
    }
}
