import Synchronization

/// The one place the server's thread and the Lua thread meet: the pages connected now, the messages waiting for
/// each page, the messages pages sent that the Lua thread has not read yet, and the last scene description (a page
/// that connects gets it first).
///
/// Everything here is behind one lock and holds plain values only: the server never touches the animator, and the
/// Lua thread never waits on a socket. A page that reads slowly loses old frames, never the world's time.
final class LiveHub: Sendable {
    /// How the hub reaches one page's socket; both are called outside the lock, from any thread.
    struct Page: Sendable {
        /// Messages are waiting in `take`: the socket should fetch and send them when it can.
        var wake: @Sendable () -> Void
        /// The hub is closing: the socket should say goodbye and close.
        var close: @Sendable () -> Void
    }

    private struct Client {
        var page: Page
        var outbox: [String] = []
        /// A wake is on its way and `take` has not run since: more messages need no other wake.
        var isWoken = false

        /// Queues `text`, dropping the oldest message when the page is a backlog behind; true when the page
        /// needs a wake for it.
        mutating func push(_ text: String) -> Bool {
            // The oldest message waiting makes room: a page that is behind sees the newest world.
            if outbox.count >= LiveHub.clientBacklog { outbox.removeFirst() }
            outbox.append(text)
            defer { isWoken = true }
            return !isWoken
        }

        /// The messages waiting, oldest first, leaving none; the next one needs a wake again.
        mutating func take() -> [String] {
            isWoken = false
            defer { outbox = [] }
            return outbox
        }
    }

    private struct State {
        var clients: [Int: Client] = [:]
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

    /// A new page: its id, or nil once the hub is closed. The scene, when there is one, is its first message.
    func connect(_ page: Page) -> Int? {
        let (id, wake): (Int?, Bool) = state.withLock { s in
            guard s.isOpen else { return (nil, false) }
            let id = s.nextClient
            s.nextClient += 1
            var client = Client(page: page)
            let wake = s.scene.map { client.push($0) } ?? false
            s.clients[id] = client
            return (id, wake)
        }
        if wake { page.wake() }
        return id
    }

    /// A page went away (its tab closed, its socket broke).
    func disconnect(_ id: Int) {
        _ = state.withLock { $0.clients.removeValue(forKey: id) }
    }

    /// How many pages are connected now.
    var clientCount: Int { state.withLock { $0.clients.count } }

    /// The messages waiting for page `id`, oldest first; the next message wakes the page again.
    func take(_ id: Int) -> [String] {
        state.withLock { s in
            s.clients[id]?.take() ?? []
        }
    }

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
        let toWake: [Page] = state.withLock { s in
            if isScene { s.scene = text }
            var toWake: [Page] = []
            for id in s.clients.keys.sorted() {
                if s.clients[id]!.push(text) { toWake.append(s.clients[id]!.page) }
            }
            return toWake
        }
        for page in toWake { page.wake() }
    }

    /// Asks every page to close and refuses new ones.
    func close() {
        let pages = state.withLock { s in
            s.isOpen = false
            let all = s.clients.values.map(\.page)
            s.clients.removeAll()
            return all
        }
        for page in pages { page.close() }
    }
}
