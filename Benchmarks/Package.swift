// swift-tools-version:6.2
// LuaDynamics benchmarks: the same scenes in our engine and in Box2D 2.4.1 and Chipmunk 7 (Debian's packages),
// one run, one table. A package of its own so the main build never needs the peers' libraries.
import PackageDescription

let package = Package(
    name: "LuaDynamicsBenchmarks",
    products: [
        .executable(name: "luadyn-bench", targets: ["luadyn-bench"]),
    ],
    dependencies: [
        // The root package, for Dynamics (our engine) and the Lua bindings (crossing costs).
        .package(name: "LuaDynamics", path: ".."),
    ],
    targets: [
        // The peers, from Debian packages that scripts/bench installs.
        .systemLibrary(name: "CBox2D", pkgConfig: "box2d", providers: [.apt(["libbox2d-dev"])]),
        .systemLibrary(name: "CChipmunk", providers: [.apt(["libchipmunk-dev"])]),
        // C faces over each peer, alike in shape; Box2D's is C++ inside.
        .target(name: "Box2DShim", dependencies: ["CBox2D"], linkerSettings: [.linkedLibrary("box2d")]),
        .target(name: "ChipmunkShim", dependencies: ["CChipmunk"], linkerSettings: [.linkedLibrary("chipmunk")]),

        // Engine-agnostic harness: scene descriptions, timing, statistics, tables, memory figures.
        .target(name: "BenchKit"),
        // The peers' side of every scene.
        .target(name: "PeerEngines", dependencies: ["BenchKit", "Box2DShim", "ChipmunkShim"]),

        // Our side of every scene: through Dynamics' Swift API, and through Lua (DynamicsLua over LuaKit).
        .target(name: "OurEngine", dependencies: [
            "BenchKit",
            .product(name: "Dynamics", package: "LuaDynamics"),
            .product(name: "DynamicsLua", package: "LuaDynamics"),
            .product(name: "LuaKit", package: "LuaDynamics"),
        ]),

        // A pseudo-terminal, for timing start-up to an interactive prompt.
        .target(name: "TerminalShim"),

        .executableTarget(name: "luadyn-bench", dependencies: ["BenchKit", "PeerEngines", "OurEngine", "TerminalShim"]),

        .testTarget(name: "BenchKitTests", dependencies: ["BenchKit", "PeerEngines"]),
        .testTarget(name: "OurEngineTests", dependencies: [
            "BenchKit", "OurEngine",
            .product(name: "DynamicsLua", package: "LuaDynamics"),
            .product(name: "LuaKit", package: "LuaDynamics"),
        ]),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
