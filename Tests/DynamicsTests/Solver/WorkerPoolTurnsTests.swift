import Testing

/// The turns that keep the pool-checking suites apart (`WorkerPoolTurn`) let one holder in at a time, in the order
/// they asked, and lose no one.
@Suite struct WorkerPoolTurnsTests {
    /// Who is inside, the most that ever were at once, and the order they came in.
    actor Visits {
        var inside = 0, most = 0
        var order: [Int] = []
        func enter(_ who: Int) { inside += 1; most = max(most, inside); order.append(who) }
        func leave() { inside -= 1 }
    }

    @Test func oneHolderAtATimeAndEveryoneGetsATurn() async {
        let turns = WorkerPoolTurns()
        let visits = Visits()
        // The first holder keeps the turn while the others queue behind it.
        await turns.take()
        await visits.enter(0)
        await withTaskGroup(of: Void.self) { group in
            for who in 1...6 {
                group.addTask {
                    await turns.take()
                    await visits.enter(who)
                    // Give the others every chance to barge in while this one holds the turn.
                    for _ in 0..<20 { await Task.yield() }
                    await visits.leave()
                    await turns.giveBack()
                }
            }
            for _ in 0..<50 { await Task.yield() }
            // Nobody got in while the first holder held the turn.
            #expect(await visits.order == [0])
            await visits.leave()
            await turns.giveBack()
        }
        #expect(await visits.most == 1)
        #expect(await visits.order.count == 7)
        #expect(await Set(visits.order) == Set(0...6))
        #expect(await visits.inside == 0)
        // Free again: a new holder gets the turn at once.
        await turns.take()
        await turns.giveBack()
    }
}
