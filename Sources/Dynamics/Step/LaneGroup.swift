/// One group of the contact solve: constraints that share no moving body, so they can be solved in any order, or at
/// once on several threads, with the same result bit for bit (today a level of `ContactLanes`).
///
/// The group's work is a sequence of items: its block-solved pairs, its other two-point pairs, its one-point pairs,
/// then its singles. `LaneSchedule.solve(group:items:...)` solves any slice of that sequence, so workers split a
/// group by item ranges.
struct LaneGroup {
    /// Where the group's pairs start in the schedule's `pairs`; its pairs of each kind follow one another.
    var pairStart: Int32
    var blockPairs: Int32
    var twoPointPairs: Int32
    var onePointPairs: Int32
    /// Where the group's singles start in the schedule's `singles`, and how many there are.
    var singleStart: Int32
    var singles: Int32

    /// Items of the group (pairs and singles).
    var itemCount: Int { Int(blockPairs) + Int(twoPointPairs) + Int(onePointPairs) + Int(singles) }
    /// Constraints of the group, roughly its cost.
    var constraintCount: Int { 2 * (Int(blockPairs) + Int(twoPointPairs) + Int(onePointPairs)) + Int(singles) }
}
