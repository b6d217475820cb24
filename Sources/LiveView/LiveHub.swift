import FlyingFox
import Synchronization

/// The one place the server's threads and the Lua thread meet: the pages connected now, the messages pages
/// sent that the Lua thread has not read yet, and the last scene description (a page that connects gets it first).
///
/// Everything here is behind one lock and holds plain values only: server tasks never touch the animator, and the
/// Lua thread never waits on a socket. A page that reads slowly loses old frames, never the world's time.
final class LiveHub: Sendable {
    private struct State {
        var clients: [Int: AsyncStream<WSMessage>.Continuation] = [:]
        var nextClient = 0
        var inbox: [String] = []
        var scene: String?
        var isOpen = true
    }
    private let state = Mutex(State())

    /// At most this many messages wait for one page; older frames are dropped first.
    static let clientBacklog = 64
    /// At most this many page messages wait for the Lua thread; a page that floods loses its extra messages.
    static let inboxLimit = 1024

    /// A new page: its id and the stream of messages to send it (the scene first, when there is one).
    func connect() -> (id: Int, outgoing: AsyncStream<WSMessage>) {
        let (stream, continuation) = AsyncStream.makeStream(of: WSMessage.self,
                                                            bufferingPolicy: .bufferingNewest(Self.clientBacklog))
        let id: Int = state.withLock { s in
            guard s.isOpen else { continuation.finish(); return -1 }
            let id = s.nextClient
            s.nextClient += 1
            s.clients[id] = continuation
            if let scene = s.scene { continuation.yield(.text(scene)) }
            return id
        }
        return (id, stream)
    }

    /// A page went away (its tab closed, its socket broke).
    func disconnect(_ id: Int) {
        let continuation = state.withLock { $0.clients.removeValue(forKey: id) }
        continuation?.finish()
    }

    /// How many pages are connected now.
    var clientCount: Int { state.withLock { $0.clients.count } }

    /// A text message from a page, kept for the Lua thread.
    func receive(_ text: String) {
        state.withLock { s in
            if s.inbox.count < Self.inboxLimit { s.inbox.append(text) }
        }
    }

    /// The messages pages sent since the last call, oldest first.
    func takeInbox() -> [String] {
        state.withLock { s in
            let messages = s.inbox
            s.inbox.removeAll(keepingCapacity: true)
            return messages
        }
    }

    /// Sends `text` to every page; when `isScene`, pages that connect later get it first too.
    func broadcast(_ text: String, isScene: Bool = false) {
        state.withLock { s in
            if isScene { s.scene = text }
            for id in s.clients.keys.sorted() { s.clients[id]?.yield(.text(text)) }
        }
    }

    /// Ends every page's stream and refuses new ones.
    func close() {
        let continuations = state.withLock { s in
            s.isOpen = false
            let all = Array(s.clients.values)
            s.clients.removeAll()
            return all
        }
        for c in continuations { c.finish() }
    }
}

/// One page's WebSocket: what it sends goes to the hub's inbox; what the hub broadcasts goes to it.
struct LiveSocketHandler: WSMessageHandler {
    let hub: LiveHub

    func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
        let (id, outgoing) = hub.connect()
        let hub = self.hub
        Task {
            for await message in client {
                // Binary frames and closes carry nothing the page is meant to send.
                if case .text(let text) = message { hub.receive(text) }
            }
            hub.disconnect(id)
        }
        return outgoing
    }
}
