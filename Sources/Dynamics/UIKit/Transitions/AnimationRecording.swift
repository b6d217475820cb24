/// Which animatable property of a view a track moves.
public enum AnimatableProperty: Sendable {
    case center, angle, alpha, size
}

/// One property of one view on its way from a start value to a target (numbers are kept in `x`).
public struct AnimationTrack {
    public let item: DynamicItem
    public let property: AnimatableProperty
    public let from: Vector
    public internal(set) var to: Vector
    /// The animator's progress when the track was added: a track added mid-flight covers the rest of the way.
    var startProgress: Double = 0

    /// The view's current value of the property.
    static func value(of item: DynamicItem, _ property: AnimatableProperty) -> Vector {
        switch property {
        case .center: return item.center
        case .angle: return Vector(item.angle, 0)
        case .alpha: return Vector(item.alpha, 0)
        case .size: return item.size
        }
    }

    /// Puts the view at `progress` of the way (0: from, 1: to). A spring may overshoot; alpha stays within 0...1
    /// and a size stays positive.
    func apply(progress p: Double) {
        let span = 1 - startProgress
        let u = span > 1e-12 ? (p - startProgress) / span : 1
        let v = from + (to - from) * u
        guard v.isFinite else { return }
        switch property {
        case .center: try? item.setCenter(v)
        case .angle: try? item.setAngle(v.x)
        case .alpha: item.alpha = min(max(v.x, 0), 1)
        case .size:
            // A view that a dynamic animator holds keeps the size its body was made with.
            guard item.animator == nil else { return }
            item.size = Vector(max(v.x, 1e-6), max(v.y, 1e-6))
        }
    }

    /// Sets the property back to `from`.
    func restore() {
        switch property {
        case .center: try? item.setCenter(from)
        case .angle: try? item.setAngle(from.x)
        case .alpha: item.alpha = from.x
        case .size: item.size = from
        }
    }
}

/// While a property animator's animations run, the views' setters report here before they change a property, so
/// the animator learns each start value; afterwards the targets are read and the views put back where they were.
/// UIKit does the same with its model and presentation layers: the block sets targets, the screen shows the way.
final class AnimationRecording {
    /// The recording in progress on this thread's Lua state, if any (Lua runs on one thread at a time).
    nonisolated(unsafe) static var current: AnimationRecording?

    private(set) var tracks: [AnimationTrack] = []

    /// Called by a view's setter before it changes `property`.
    func willChange(_ item: DynamicItem, _ property: AnimatableProperty) {
        guard !tracks.contains(where: { $0.item === item && $0.property == property }) else { return }
        let now = AnimationTrack.value(of: item, property)
        tracks.append(AnimationTrack(item: item, property: property, from: now, to: now))
    }

    /// Runs `body`, then returns what it changed as tracks (start and target) with every view back at its start.
    /// When `body` throws, every view is put back and nothing is returned.
    static func record(_ body: () throws -> Void) throws -> [AnimationTrack] {
        let recording = AnimationRecording()
        let outer = current
        current = recording
        defer { current = outer }
        do {
            try body()
        } catch {
            for t in recording.tracks.reversed() { t.restore() }
            throw error
        }
        var tracks = recording.tracks
        for i in tracks.indices { tracks[i].to = AnimationTrack.value(of: tracks[i].item, tracks[i].property) }
        for t in tracks.reversed() { t.restore() }
        return tracks
    }
}
