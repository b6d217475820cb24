/// Command-line options of luadyn-bench, parsed by hand to keep the package free of dependencies.
struct Options {
    /// Smaller scenes and fewer frames: the whole run takes about a minute.
    var quick = false
    /// Run only scenes whose name contains this text (and skip the other sections).
    var only: String?
    /// Path of the luadyn binary whose start-up time is measured; skipped when nil.
    var luadyn: String?
    /// Internal: be the child process that measures one engine's memory (engine name, body count).
    var childMemory: (engine: String, count: Int)?
    /// Internal: be the child process that runs one scene on one engine (scene key, engine name).
    var childScene: (key: String, engine: String)?
    /// Internal: be the child process that times building one scene on one engine (scene key, engine name).
    var childBuild: (key: String, engine: String)?
    /// Internal: be the child process that lists where our engine's memory goes (body count).
    var childMemoryParts: (count: Int, workers: Int)?
    /// Internal: be the child process that measures the Lua crossing costs.
    var childCrossings = false
    /// Internal: be the child process that measures a field against Gravity.
    var childFields = false
    /// Box2D v3 shim libraries built by scripts/bench (`sse2=PATH`, `avx2=PATH`), in the order given.
    var box2dV3Libraries: [(variant: String, path: String)] = []
    /// Run only the building section.
    var onlyBuilding = false
    /// Paired frames (`PairedFrames`) of a scene (a key or a part of its name), frames, and the engines, the first
    /// the reference: the only thing the run does.
    var paired: (scene: String, frames: Int, engines: [String])?
    /// Threads of the many-worker columns ("ours xN", and "v3 SSE2 xN" beside it), given by `--workers N`.
    var workers = 2
    /// Whether `--workers` was given: then "ours xN" runs even without Box2D v3.
    var workersGiven = false
    /// Rounds of every scene: each round runs every engine once, in turn; the table takes each engine's median
    /// round (`SceneOutcome.medianRound`).
    var rounds = 1
    /// Sections to skip.
    var skipScaling = false, skipMemory = false, skipCrossings = false, skipFields = false, skipBuilding = false

    static let usage = """
        usage: luadyn-bench [--quick] [--only TEXT] [--luadyn PATH] [--no-scaling] [--no-memory] [--no-crossings]
                            [--no-fields] [--no-building] [--only-building]
                            [--box2d-v3-library VARIANT=PATH ...] [--workers N] [--rounds N]
                            [--paired SCENE FRAMES 'ENGINE|ENGINE...']
          --quick         small scenes, few frames (about a minute)
          --only TEXT     run only the scenes whose name contains TEXT
          --luadyn PATH   the luadyn binary, for start-up time beside lua5.4
          --no-building   leave out the building section (seconds to make each scene and its first frame)
          --only-building only the building section
          --box2d-v3-library VARIANT=PATH
                          a Box2D v3 shim library (scripts/bench --box2d-v3 DIR builds them); repeatable
          --workers N     add "ours xN", our engine stepping on N threads (2 to 64), and run Box2D v3's
                          many-worker column on N too (default 2; "ours x2" always runs beside Box2D v3)
          --rounds N      run every scene N times (1 to 99), every engine once a round, and show each
                          engine's median round (default 1)
          --paired SCENE FRAMES 'A|B...'
                          only this: the engines step one scene (a key such as scene:7, or part of its name) in
                          turn, frame by frame, in one process; each engine's median frame in the machine's quiet
                          and slow windows, told apart by the first engine's frames
        """

    /// The options that choose engines, for passing on to child processes.
    var engineArguments: [String] {
        box2dV3Libraries.flatMap { ["--box2d-v3-library", "\($0.variant)=\($0.path)"] }
            + (workersGiven ? ["--workers", "\(workers)"] : [])
    }

    /// Parses arguments (without the program name); returns an error message for anything unknown.
    static func parse(_ arguments: [String]) -> Result<Options, OptionError> {
        var options = Options()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--quick": options.quick = true
            case "--no-scaling": options.skipScaling = true
            case "--no-memory": options.skipMemory = true
            case "--no-crossings": options.skipCrossings = true
            case "--no-fields": options.skipFields = true
            case "--no-building": options.skipBuilding = true
            case "--only-building": options.onlyBuilding = true
            case "--only", "--luadyn":
                guard let value = rest.popFirst() else { return .failure(OptionError("\(argument) needs a value")) }
                if argument == "--only" { options.only = value } else { options.luadyn = value }
            case "--workers":
                guard let text = rest.popFirst(), let n = Int(text), (2...64).contains(n) else {
                    return .failure(OptionError("--workers needs a count from 2 to 64"))
                }
                options.workers = n
                options.workersGiven = true
            case "--rounds":
                guard let text = rest.popFirst(), let n = Int(text), (1...99).contains(n) else {
                    return .failure(OptionError("--rounds needs a count from 1 to 99"))
                }
                options.rounds = n
            case "--box2d-v3-library":
                guard let value = rest.popFirst(), let equals = value.firstIndex(of: "="),
                      value.startIndex != equals, value.index(after: equals) != value.endIndex else {
                    return .failure(OptionError("--box2d-v3-library needs VARIANT=PATH"))
                }
                options.box2dV3Libraries.append((String(value[..<equals]), String(value[value.index(after: equals)...])))
            case "--child-memory":
                guard let name = rest.popFirst(), let text = rest.popFirst(), let count = Int(text), count > 0 else {
                    return .failure(OptionError("--child-memory needs an engine name and a body count"))
                }
                options.childMemory = (name, count)
            case "--child-scene":
                guard let key = rest.popFirst(), let engine = rest.popFirst() else {
                    return .failure(OptionError("--child-scene needs a scene key and an engine name"))
                }
                options.childScene = (key, engine)
            case "--paired":
                guard let scene = rest.popFirst(), let text = rest.popFirst(), let frames = Int(text), frames > 0,
                      let names = rest.popFirst(), !names.isEmpty else {
                    return .failure(OptionError("--paired needs a scene, a frame count and engines (A|B|...)"))
                }
                options.paired = (scene, frames, names.split(separator: "|").map(String.init))
            case "--child-build":
                guard let key = rest.popFirst(), let engine = rest.popFirst() else {
                    return .failure(OptionError("--child-build needs a scene key and an engine name"))
                }
                options.childBuild = (key, engine)
            case "--child-memory-parts":
                guard let text = rest.popFirst(), let count = Int(text), count > 0,
                      let threads = rest.popFirst(), let workers = Int(threads), (1...64).contains(workers) else {
                    return .failure(OptionError("--child-memory-parts needs a body count and a thread count"))
                }
                options.childMemoryParts = (count, workers)
            case "--child-crossings": options.childCrossings = true
            case "--child-fields": options.childFields = true
            case "-h", "--help": return .failure(OptionError(usage))
            default: return .failure(OptionError("unknown option '\(argument)'\n\(usage)"))
            }
        }
        return .success(options)
    }
}

/// A bad command line; the message is printed as is.
struct OptionError: Error { var message: String; init(_ m: String) { message = m } }
