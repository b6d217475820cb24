/// The parts of a `DynamicItem` that most items never set: a colour, views inside views, opacity and hiding, a
/// group's members, a collection layout's attributes, an observer, a transition it hosts, an electric charge, a
/// density other than 1.
/// An item makes this object the first time one of them is given a value other than its default, so a plain item
/// (the many boxes of a pile) pays one reference for all of them: they made an item object of 256 bytes where one
/// without them is 152.
final class DynamicItemExtras {
    var color: String?
    weak var superview: DynamicItem?
    var subviews: [DynamicItem] = []
    var alpha: Double = 1
    var isHidden = false
    weak var hostingTransition: Transition?
    var groupParts: ItemGroupParts?
    weak var animatingGroup: DynamicItem?
    var layoutAttributes: LayoutAttributesInfo?
    var observer: (any DynamicItemObserver)?
    var charge: Double = 0
    var density: Double = 1
}
