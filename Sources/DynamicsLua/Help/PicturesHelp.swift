/// Help for the `plot` global (the picture, trace, play and energy parts of Animator are described with its
/// other properties and methods, in PicturesBinding).
enum PicturesHelp {
    /// `help(plot)` and `help("plot")`.
    static let plot = """
        plot(series... [, { width = 60, height = 12, title =, xlabel =, ylabel =, min =, max =, color = }])
          returns a line chart as text: print(plot{1, 4, 9, 16})
          a series is an array of numbers (plotted against 1, 2, 3, ...: the x axis counts the values),
          { name =, values = {...} }, or { name =, x = {...}, y = {...} }
          the axes are marked at round numbers; xlabel and ylabel name them, with units: { xlabel = "t (s)" }
          min and max fix the y range (else it is the data's, widened to round numbers);
          color = true adds ANSI colours (the default: only on a colour terminal)
        """

    /// The `help()` overview line for `plot`.
    static let overviewLine = "  plot         plot{1, 4, 9}: a line chart of numbers as text"
}
