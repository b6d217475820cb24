/// Help for the picture, trace, play and energy parts of Animator, and for the `plot` global.
/// HelpCatalog appends these to Animator's entry, so completion and did-you-mean know them too.
enum PicturesHelp {
    static let animatorFields: [FieldInfo] = [
        FieldInfo(name: "kineticEnergy", writable: false, kind: "number, mass·pt²/s²", defaultValue: nil,
                  summary: "½ m v² + ½ I ω² of every item that is not anchored (mass: a 100x100 item of density 1 is 1)"),
        FieldInfo(name: "potentialEnergy", writable: false, kind: "number, mass·pt²/s²", defaultValue: nil,
                  summary: "-m (g · p) summed over every gravity acting on each item; zero at the origin, so -1000 m y under default gravity"),
        FieldInfo(name: "isRecording", writable: false, kind: "boolean", defaultValue: "false",
                  summary: "true between animator:record() and animator:stopRecording()"),
    ]

    static let animatorMethods: [MethodInfo] = [
        MethodInfo(name: "draw", signature: "animator:draw{ width = 80, height =, glyphs = \"braille\", color =, labels = true, contacts = false }",
                   summary: "prints the world as a terminal drawing (colour only on a colour terminal)"),
        MethodInfo(name: "drawing", signature: "animator:drawing{ ... }",
                   summary: "the same drawing as draw, returned as a string instead of printed"),
        MethodInfo(name: "play", signature: "animator:play(seconds [, { speed = 1, fps = 30, width = 80, ... }])",
                   summary: "animates live in the terminal (Ctrl-C stops); piped, steps at once and prints the last frame"),
        MethodInfo(name: "snapshot", signature: "animator:snapshot(\"frame.svg\" [, { velocities = false, contacts = false, labels = true }])",
                   summary: "writes an SVG picture of the world; returns the file name"),
        MethodInfo(name: "record", signature: "animator:record([{ maxFrames = 36000 }])",
                   summary: "starts recording every frame stepped from now on, for exportHTML"),
        MethodInfo(name: "stopRecording", signature: "animator:stopRecording()",
                   summary: "stops recording; returns the number of frames kept"),
        MethodInfo(name: "exportHTML", signature: "animator:exportHTML(\"run.html\" [, { trails = false, speed = 1, width = 640 }])",
                   summary: "writes the recording as one self-contained HTML page with a player"),
        MethodInfo(name: "trace", signature: "animator:trace{ file = \"trace.csv\", items = {...}, fields = {\"center\", \"velocity\", \"angle\", \"angularVelocity\"} }",
                   summary: "writes a row now and after every frame (CSV, or JSON Lines for .jsonl) until stopTrace"),
        MethodInfo(name: "stopTrace", signature: "animator:stopTrace()",
                   summary: "ends the trace, writing what is left; returns the number of rows"),
    ]

    /// `help(plot)` and `help("plot")`.
    static let plot = """
        plot(series... [, { width = 60, height = 12, title =, min =, max =, color = }])
          returns a line chart as text: print(plot{1, 4, 9, 16})
          a series is an array of numbers (against 1, 2, 3, ...), { name =, values = {...} }, or { name =, x = {...}, y = {...} }
          min and max fix the y range; color = true adds ANSI colours (the default: only on a colour terminal)
        """

    /// The `help()` overview line for `plot`.
    static let overviewLine = "  plot         plot{1, 4, 9}: a line chart of numbers as text"
}
