/// UIKit's UIViewController as far as a transition needs it: a title and a root view (the size of the container
/// it is shown in) holding the controller's views as subviews.
public final class ViewController {
    /// Shown in pictures and `tostring`.
    public var title: String
    /// The root view; a transition sizes it to its container.
    public let view: DynamicItem

    /// A controller whose root view has `size`, is coloured `color` and holds `views` in order.
    public init(title: String, color: String? = nil, size: Vector = Vector(320, 568), views: [DynamicItem] = [])
        throws(DynamicsError) {
        self.title = title
        view = try DynamicItem(center: size * 0.5, size: size, name: title, color: color)
        for v in views { try view.addSubview(v) }
    }
}
