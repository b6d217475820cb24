extension Shape {
    /// The same outline in another frame: `xf` maps each point (a group member's shape placed in its group's frame).
    /// A rotation keeps a polygon's winding, so its normals and centroid are simply made anew.
    func transformed(by xf: Transform) -> Shape {
        let source = points
        return withExtendedLifetime(self) {
            Shape(kind: kind, count: count, radius: radius) { placed, count in
                for i in 0..<count { placed[i] = xf.apply(source[i]) }
            }
        }
    }
}
