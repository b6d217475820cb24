#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import FlyingFox
import FlyingSocks
import Foundation
import Synchronization

/// The HTTP + WebSocket server of one live view, on 127.0.0.1 only: `GET /` is the page (compiled into the
/// binary), `GET /live` the WebSocket that carries frames out and commands in.
///
/// The server runs on Swift concurrency's threads; its owner (the Lua thread) only starts it, stops it, and
/// talks to pages through the `LiveHub`, so nothing here waits on Lua or touches the animator.
final class LiveServer: Sendable {
    let hub = LiveHub()
    /// The port it listens on (the one the system chose when 0 was asked for).
    let port: Int
    private let server: HTTPServer
    private let task: Task<Void, Never>

    /// How long starting may take before it is given up (the bind itself is immediate; this covers a busy machine).
    static let startTimeout: Double = 10

    /// Starts listening on 127.0.0.1:`port` (0: any free port) and returns once it listens, or throws why not.
    init(port: Int, page: String) throws(LiveViewError) {
        guard (0...65535).contains(port) else {
            throw LiveViewError("port \(port) is out of range (0 to 65535; 0 picks a free one)")
        }
        let address: sockaddr_in
        do {
            address = try sockaddr_in.inet(ip4: "127.0.0.1", port: UInt16(port))
        } catch {
            throw LiveViewError("cannot make the address 127.0.0.1:\(port)")
        }
        let server = HTTPServer(address: address, timeout: 30, logger: .disabled)
        let hub = self.hub
        let pageBody = Data(page.utf8)
        let outcome = StartOutcome()
        let task = Task {
            await server.appendRoute("GET /live", to: .webSocket(LiveSocketHandler(hub: hub)))
            await server.appendRoute("GET /") { _ in
                HTTPResponse(statusCode: .ok,
                             headers: [.contentType: "text/html; charset=utf-8", .init("Cache-Control"): "no-store"],
                             body: pageBody)
            }
            let run = Task {
                do {
                    try await server.run()
                } catch {
                    outcome.settle(.failure(Self.describe(error, port: port)))
                }
            }
            // Listening is announced by the address becoming known; a failed bind ends `run` first.
            let deadline = ContinuousClock.now + .seconds(Self.startTimeout)
            while ContinuousClock.now < deadline {
                if outcome.isSettled { break }
                if case .ip4(_, let bound)? = await server.listeningAddress {
                    outcome.settle(.success(Int(bound)))
                    break
                }
                try? await Task.sleep(for: .milliseconds(2))
            }
            await withTaskCancellationHandler {
                _ = await run.result
            } onCancel: {
                run.cancel()
            }
        }
        if outcome.done.wait(timeout: .now() + Self.startTimeout + 1) == .timedOut {
            task.cancel()
            throw LiveViewError("the server on 127.0.0.1:\(port) did not start within \(Int(Self.startTimeout)) s")
        }
        switch outcome.result {
        case .success(let bound)?:
            self.port = bound
        case .failure(let error)?:
            task.cancel()
            throw error
        case nil:
            task.cancel()
            throw LiveViewError("the server on 127.0.0.1:\(port) did not start")
        }
        self.server = server
        self.task = task
    }

    /// The page's address.
    var url: String { "http://127.0.0.1:\(port)/" }

    /// Closes every page's socket and the listening socket; returns once the port is free again (at most ~2 s).
    func stop() {
        hub.close()
        let done = DispatchSemaphore(value: 0)
        let server = self.server, task = self.task
        Task {
            await server.stop(timeout: 0.5)
            task.cancel()
            done.signal()
        }
        _ = done.wait(timeout: .now() + 2)
    }

    /// A bind failure worded for a person: a busy port names itself.
    private static func describe(_ error: any Error, port: Int) -> LiveViewError {
        if case SocketError.failed(_, let errno, _) = error, errno == EADDRINUSE {
            return LiveViewError("port \(port) is busy (another program listens on 127.0.0.1:\(port)); "
                                 + "choose another port, or 0 for a free one")
        }
        if case SocketError.failed(_, let errno, _) = error, errno == EACCES {
            return LiveViewError("port \(port) needs privileges this program does not have; use a port above 1023, "
                                 + "or 0 for a free one")
        }
        return LiveViewError("cannot listen on 127.0.0.1:\(port): \(error)")
    }
}

/// How starting went, settled once by whichever server task knows first (the bind failed, or it listens).
private final class StartOutcome: Sendable {
    private let value = Mutex<Result<Int, LiveViewError>?>(nil)
    let done = DispatchSemaphore(value: 0)

    var isSettled: Bool { value.withLock { $0 != nil } }
    var result: Result<Int, LiveViewError>? { value.withLock { $0 } }

    func settle(_ result: Result<Int, LiveViewError>) {
        let first = value.withLock { v -> Bool in
            guard v == nil else { return false }
            v = result
            return true
        }
        if first { done.signal() }
    }
}
