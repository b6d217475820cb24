/// One group of the contact solve: constraints that share no moving body, so they can be solved in any order, or at
/// once on several threads, with the same result bit for bit (a level of `ContactLanes`, or a colour of a large
/// island, `ContactColouring`).
///
/// The group's work is a sequence of items, each a quad of constraints (`WideContact`): its block-solved quads, its
/// other two-point quads, then its one-point quads. `LaneSchedule.solve(group:items:...)` solves any slice of that
/// sequence, so workers split a group by item ranges.
struct LaneGroup {
    /// Where the group's quads start in the schedule's `quads`; its quads of each kind follow one another.
    var quadStart: Int32
    var blockQuads: Int32
    var twoPointQuads: Int32
    var onePointQuads: Int32

    /// Items of the group (quads).
    var itemCount: Int { Int(blockQuads) + Int(twoPointQuads) + Int(onePointQuads) }
}
