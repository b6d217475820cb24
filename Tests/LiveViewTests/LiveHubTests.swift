import Synchronization
import Testing
@testable import LiveView

@Suite struct LiveHubTests {
    /// A page that counts what the hub asks of it, as the socket handler would see it.
    final class Counter: Sendable {
        let wakes = Atomic(0)
        let closes = Atomic(0)
        var page: LiveHub.Page {
            LiveHub.Page(wake: { self.wakes.add(1, ordering: .relaxed) }, close: { self.closes.add(1, ordering: .relaxed) })
        }
        var wakeCount: Int { wakes.load(ordering: .relaxed) }
        var closeCount: Int { closes.load(ordering: .relaxed) }
    }

    @Test func aPageIsWokenOnceUntilItTakesWhatWaits() throws {
        let hub = LiveHub(), counter = Counter()
        let id = try #require(hub.connect(counter.page))
        #expect(counter.wakeCount == 0, "nothing to send yet")
        hub.broadcast("a")
        hub.broadcast("b")
        #expect(counter.wakeCount == 1)
        #expect(hub.take(id) == ["a", "b"])
        #expect(hub.take(id) == [])
        hub.broadcast("c")
        #expect(counter.wakeCount == 2)
        #expect(hub.take(id) == ["c"])
    }

    @Test func aPageThatConnectsLaterGetsTheSceneFirst() throws {
        let hub = LiveHub(), early = Counter(), late = Counter()
        let first = try #require(hub.connect(early.page))
        hub.broadcast("scene 1", isScene: true)
        hub.broadcast("frame 1")
        let second = try #require(hub.connect(late.page))
        #expect(late.wakeCount == 1, "woken at once for the scene")
        hub.broadcast("frame 2")
        #expect(late.wakeCount == 1)
        #expect(hub.take(second) == ["scene 1", "frame 2"])
        #expect(hub.take(first) == ["scene 1", "frame 1", "frame 2"])
        #expect(hub.clientCount == 2)
        hub.disconnect(first)
        #expect(hub.clientCount == 1)
        #expect(hub.take(first) == [])
    }

    @Test func aSlowPageKeepsTheNewestMessages() throws {
        let hub = LiveHub(), counter = Counter()
        let id = try #require(hub.connect(counter.page))
        for k in 0..<(LiveHub.clientBacklog + 36) { hub.broadcast("\(k)") }
        #expect(counter.wakeCount == 1)
        #expect(hub.take(id) == (36..<(LiveHub.clientBacklog + 36)).map { "\($0)" })
    }

    @Test func closingAsksEveryPageToCloseAndRefusesNewOnes() throws {
        let hub = LiveHub(), a = Counter(), b = Counter()
        _ = try #require(hub.connect(a.page))
        _ = try #require(hub.connect(b.page))
        hub.close()
        #expect(a.closeCount == 1 && b.closeCount == 1)
        #expect(hub.clientCount == 0)
        #expect(hub.connect(Counter().page) == nil)
        hub.broadcast("late")
        #expect(a.wakeCount == 0 && b.wakeCount == 0)
    }

    @Test func theInboxKeepsOrderAndALimit() {
        let hub = LiveHub()
        for k in 0..<(LiveHub.inboxLimit + 10) { hub.receive("\(k)") }
        let inbox = hub.takeInbox()
        #expect(inbox.count == LiveHub.inboxLimit)
        #expect(inbox.first == "0" && inbox.last == "\(LiveHub.inboxLimit - 1)")
        #expect(hub.takeInbox().isEmpty)
    }
}
