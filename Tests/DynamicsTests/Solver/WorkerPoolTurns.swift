import Testing

/// A suite trait for the suites that check the process-wide `WorkerPool` takes part in a step: the suites that
/// carry it run one at a time.
///
/// A step that finds the pool held by another world steps alone (with the same results), so two such suites
/// running at once could each see the other holding the pool in every try, and the check that work was shared
/// then fails for a reason that has nothing to do with the code under test. Each suite also stays
/// `.serialized`, so its own tests do not overlap either.
struct WorkerPoolTurn: SuiteTrait, TestScoping {
    /// Once around the whole suite, not around each test in it.
    var isRecursive: Bool { false }

    func provideScope(for test: Test, testCase: Test.Case?,
                      performing function: @Sendable () async throws -> Void) async throws {
        await WorkerPoolTurns.shared.take()
        do {
            try await function()
        } catch {
            await WorkerPoolTurns.shared.giveBack()
            throw error
        }
        await WorkerPoolTurns.shared.giveBack()
    }
}

extension Trait where Self == WorkerPoolTurn {
    /// The suite takes its turn with the worker pool: no other suite with this trait runs meanwhile.
    static var takesWorkerPoolTurn: WorkerPoolTurn { WorkerPoolTurn() }
}

/// Whose turn it is with the worker pool: a first-come, first-served lock that suspends the waiting suites
/// instead of blocking their threads.
actor WorkerPoolTurns {
    static let shared = WorkerPoolTurns()

    private var taken = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Returns once the caller has the turn.
    func take() async {
        if !taken {
            taken = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Hands the turn to the next suite waiting, if any.
    func giveBack() {
        if waiting.isEmpty {
            taken = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
