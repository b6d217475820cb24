// swift-tools-version:6.2
// LuaDynamics: a Lua 5.4 REPL and scene runner over a Swift rigid-body solver shaped like UIKit Dynamics.
import PackageDescription

/// This folder, for the linker's search path (the link runs wherever SwiftPM runs it).
let packageRoot = String(#filePath.dropLast("/Package.swift".count))

/// Release builds put each function of our modules in a section of its own, so that the release link can gather the
/// functions start-up runs into a few pages (see `luadyn`'s linker settings and docs/performance.md). Code generation
/// is otherwise the same: the instructions do not change, only where each function lands.
let startupLayout: SwiftSetting = .unsafeFlags(["-Xfrontend", "-function-sections"], .when(configuration: .release))

let package = Package(
    name: "LuaDynamics",
    products: [
        .executable(name: "luadyn", targets: ["luadyn"]),
        .library(name: "Dynamics", targets: ["Dynamics"]),
        .library(name: "Pictures", targets: ["Pictures"]),
        .library(name: "LuaKit", targets: ["LuaKit"]),
        .library(name: "DynamicsLua", targets: ["DynamicsLua"]),
        .library(name: "Console", targets: ["Console"]),
        .library(name: "LiveView", targets: ["LiveView"]),
    ],
    // One package dependency, for the live view's HTTP + WebSocket server: SwiftNIO, whose NIOCore, NIOPosix,
    // NIOHTTP1 and NIOWebSocket import no Foundation, so luadyn starts as fast as without a server
    // (docs/design.md has the build time and start-up cost). No argument parser: luadyn's command line follows
    // lua.c's order-sensitive rules, which a declarative parser would reorder.
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        // C libraries from Debian packages (scripts/setup installs them).
        .systemLibrary(name: "CLua", pkgConfig: "lua5.4", providers: [.apt(["liblua5.4-dev"])]),
        // libedit (libedit-dev), opened with dlopen when the interactive REPL starts: only its header is used to build.
        .target(name: "CEditLine"),
        // The contact solve's hot passes in C with vector intrinsics: eight lanes with AVX2, chosen at run time, and
        // four with SSE2 (Dynamics' `ContactKernel`). Never fused multiply-adds: the kernels give the Swift kernel's
        // bits. Optimised in debug builds too, where the intrinsics would otherwise each be a call through memory.
        .target(name: "CContactKernels",
                cSettings: [.unsafeFlags(["-ffp-contract=off"]), .unsafeFlags(["-O2"], .when(configuration: .debug))]),

        // The solver and the UIKit Dynamics layer: Swift, with its contact kernels in C (CContactKernels); imports
        // nothing else of ours. Release builds skip the run-time exclusivity checks (docs/performance.md: 4 % of the
        // instructions of a step, mostly the animator's reads of its world and items); debug builds and tests keep them.
        .target(
            name: "Dynamics",
            dependencies: ["CContactKernels"],
            swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
                            startupLayout]
        ),
        // Pictures of a world snapshot: terminal drawing, SVG, HTML replay, plots.
        .target(name: "Pictures", dependencies: ["Dynamics"], swiftSettings: [startupLayout]),
        // A small Swift face over the Lua C API.
        .target(name: "LuaKit", dependencies: ["CLua"], swiftSettings: [startupLayout]),
        // The Lua bindings of Dynamics and Pictures.
        .target(name: "DynamicsLua", dependencies: ["LuaKit", "Dynamics", "Pictures"],
                swiftSettings: [startupLayout]),
        // The live view: a 127.0.0.1 HTTP + WebSocket server and its page, fed by the animator; knows nothing of Lua.
        .target(name: "LiveView", dependencies: [
            "Dynamics", "Pictures",
            .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"), .product(name: "NIOWebSocket", package: "swift-nio"),
        ], swiftSettings: [startupLayout]),
        // The physics-agnostic REPL.
        .target(name: "Console", dependencies: ["LuaKit", "CEditLine"], swiftSettings: [startupLayout]),
        // The Swift runtime linked in statically: the shared libswiftCore, libswift_StringProcessing, libdispatch and
        // friends cost their relocations and pages at every start (measured on `luadyn -e ''`: 6.0 ms and 11.2 MB
        // resident with them, 3.5 ms and 8.5 MB without; docs/lua-compatibility.md). Release builds only: test
        // bundles link the executable's code and need the shared runtime their test libraries come with.
        .executableTarget(
            name: "luadyn",
            dependencies: ["Console", "DynamicsLua", "LuaKit", "LiveView"],
            swiftSettings: [startupLayout],
            // No dynamic symbol table of our own either: the runtime's start-up `dladdr` scans it whole, and nothing
            // loads against the executable (measured: 0.4 million fewer instructions and 1.6 MB less resident).
            // Also linked in: the C++ runtime the Swift runtime uses (Link/StaticCxx holds a linker script that points
            // `-lstdc++` at libstdc++.a; the shared one's symbol lookups were a third of every start), and libgcc
            // (one shared library fewer to map and bind: 60,000 instructions and 6 page faults). And no PIE:
            // a position-independent executable relocates 45,000 pointers and dirties their pages at every start;
            // at a fixed address there is nothing to relocate (the libraries, stack and heap stay randomised).
            // Start-up's code gathered: the kernel maps the 64 KB around every page of code a process touches, and
            // start-up's functions were spread over 12 MB. Link/startup-order.txt lists them (scripts/startup-order
            // makes it from a callgrind run; a name no longer found only costs pages, never correctness), and gold
            // places their sections side by side (docs/performance.md has the figures). RELRO stays: dropping it
            // would save 0.3 MB more at start, but leave Swift's metadata, witness tables and the GOT writable.
            linkerSettings: [.unsafeFlags(["-static-stdlib", "-Xlinker", "--no-export-dynamic",
                                           "-L", packageRoot + "/Link/StaticCxx", "-Xclang-linker", "-static-libgcc",
                                           "-Xclang-linker", "-no-pie",
                                           "-Xlinker", "--section-ordering-file",
                                           "-Xlinker", packageRoot + "/Link/startup-order.txt"],
                                          .when(configuration: .release))]
        ),

        .testTarget(name: "DynamicsTests", dependencies: ["Dynamics"]),
        .testTarget(name: "PicturesTests", dependencies: ["Pictures", "Dynamics"]),
        .testTarget(name: "LuaKitTests", dependencies: ["LuaKit"]),
        .testTarget(name: "DynamicsLuaTests", dependencies: ["DynamicsLua", "LuaKit", "Dynamics"], exclude: ["lua"]),
        .testTarget(name: "LiveViewTests", dependencies: ["LiveView", "Dynamics"]),
        .testTarget(name: "ConsoleTests", dependencies: ["Console", "LuaKit"]),
        // Runs the real `luadyn` binary through pipes and tmux, and the .lua scenes end to end.
        .testTarget(name: "EndToEndTests", dependencies: ["luadyn"], exclude: ["lua"]),
    ],
    swiftLanguageModes: [.v6]
)
