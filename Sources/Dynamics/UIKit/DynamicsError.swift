/// A rejected argument or call: bad numbers, sizes, misuse of behaviours. The message is what a user should read.
public struct DynamicsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, for the user.
    public var message: String
    /// An error with this message.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}

/// An error thrown by a delegate method or an `action`, with the callback's name ("action", "beganContact", ...).
/// The step that called it still completed.
public struct CallbackFailure: Error, CustomStringConvertible {
    /// The callback's name.
    public var callback: String
    /// What it threw.
    public var error: any Error
    /// A failure of `callback` with `error`.
    public init(callback: String, error: any Error) { self.callback = callback; self.error = error }
    /// `error in <callback>: <error>`.
    public var description: String { "error in \(callback): \(error)" }
}

/// Every callback error of one step, in the order the callbacks ran. `Animator.step` throws this after the step
/// completed and every remaining callback ran, so the world is consistent when the caller sees it.
public struct CallbackFailures: Error, CustomStringConvertible {
    /// The failures, in call order.
    public var failures: [CallbackFailure]
    /// Wraps the failures of one step.
    public init(_ failures: [CallbackFailure]) { self.failures = failures }
    /// One line per failure.
    public var description: String { failures.map(\.description).joined(separator: "\n") }
}

// Argument checks shared by every setter: the world never sees a NaN, an infinity or a negative size.

func checkFinite(_ x: Double, _ name: String) throws(DynamicsError) {
    guard x.isFinite else { throw DynamicsError("\(name) must be a finite number, got \(x)") }
}

func checkFinite(_ v: Vector, _ name: String) throws(DynamicsError) {
    guard v.isFinite else { throw DynamicsError("\(name) must have finite coordinates, got \(v)") }
}

func checkPositive(_ x: Double, _ name: String) throws(DynamicsError) {
    guard x.isFinite, x > 0 else { throw DynamicsError("\(name) must be a positive finite number, got \(x)") }
}

/// The largest size, in points, of an item or of its path: 10,000 km. Larger ones would overflow the mass and
/// inertia (which grow with the fourth power of size) and put infinities into the solver.
public let largestItemExtent: Double = 1e9

/// The largest density: with the largest item, mass and inertia stay far inside the range of a Double.
public let largestDensity: Double = 1e12

/// A positive number no larger than `limit`.
func checkPositive(_ x: Double, _ name: String, atMost limit: Double) throws(DynamicsError) {
    try checkPositive(x, name)
    guard x <= limit else { throw DynamicsError("\(name) must be at most \(limit), got \(x)") }
}

func checkNonNegative(_ x: Double, _ name: String) throws(DynamicsError) {
    guard x.isFinite, x >= 0 else { throw DynamicsError("\(name) must be a non-negative finite number, got \(x)") }
}
