#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dynamics
import LuaKit

/// A live view of one animator, as the bindings see it. The bindings know nothing of servers: `luadyn` gives the
/// host a way to start one (`DynamicsHost.startLiveView`), and every call here comes from the Lua thread.
public protocol LiveViewServing: AnyObject {
    /// The page's address, `http://127.0.0.1:PORT/`.
    var url: String { get }
    /// An idle moment of the Lua thread: apply what pages asked for, step the frames that are due with `step`,
    /// send the newest frame.
    func tick(now: Double, step: () throws -> Bool) throws
    /// The animator was stepped by someone else (the REPL, a script): send the frame.
    func didStep(now: Double)
    /// The items and fields (`center`, `velocity`, `angle`, `angularVelocity`) the animator's trace follows now,
    /// for the page's live graphs; empty when it traces nothing.
    func setTraced(items: [DynamicItem], fields: [String])
    /// Close the pages and free the port.
    func stop()
}

/// Why a live view could not start (a busy port, say), in words for the person who asked.
public struct LiveViewStartError: Error {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// The animators being served, in the order they were served; the host holds it.
final class LiveViews {
    /// Starts a live view of an animator on a port (0: any free one). Set by `luadyn`; nil: `serve` says so.
    var start: ((Animator, Int) throws(LiveViewStartError) -> LiveViewServing)?
    private(set) var served: [(animator: Animator, view: LiveViewServing)] = []
    /// True while `tick` steps frames itself, so those frames are not announced twice.
    private var ticking = false

    var isServing: Bool { !served.isEmpty }

    func view(of animator: Animator) -> LiveViewServing? { served.first { $0.animator === animator }?.view }

    func serve(_ animator: Animator, port: Int) throws(LuaError) -> String {
        if let existing = view(of: animator) {
            throw LuaError("this animator is already served at \(existing.url); call animator:stopServing() first")
        }
        guard let start else { throw LuaError("this program cannot serve a live view (luadyn can)") }
        do {
            let view = try start(animator, port)
            served.append((animator, view))
            return view.url
        } catch {
            throw LuaError(error.message)
        }
    }

    /// Stops serving `animator`; false when it was not served.
    @discardableResult
    func stop(_ animator: Animator) -> Bool {
        guard let i = served.firstIndex(where: { $0.animator === animator }) else { return false }
        let view = served.remove(at: i).view
        view.stop()
        return true
    }

    func stopAll() {
        while let last = served.popLast() { last.view.stop() }
    }

    /// Seconds of a monotonic clock.
    static var now: Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }

    /// The host these views belong to (for the traces its picture sessions keep).
    weak var host: DynamicsHost?

    /// Every served animator's idle moment, on the Lua thread that owns them.
    func tick(_ s: LuaStack) throws(LuaError) {
        let now = Self.now
        ticking = true
        defer { ticking = false }
        for (animator, view) in served {
            let trace = host?.pictures.existing(animator)?.trace
            view.setTraced(items: trace?.items ?? [], fields: trace?.file.writer.fields.map(\.rawValue) ?? [])
            do {
                try view.tick(now: now) { () throws(LuaError) -> Bool in try FrameStepping.step(s, animator) }
            } catch let error as LuaError {
                throw error
            } catch {
                throw LuaError("\(error)")
            }
        }
    }

    /// A frame of `animator` was stepped from Lua or the REPL.
    func didStep(_ animator: Animator) {
        guard !ticking, !served.isEmpty, let view = view(of: animator) else { return }
        view.didStep(now: Self.now)
    }
}
