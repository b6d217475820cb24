/// Help for the `plot` global (the picture, trace, play and energy parts of Animator are described with its
/// other properties and methods, in PicturesBinding).
enum PicturesHelp {
    /// `help(plot)` and `help("plot")`.
    static let plot = """
        plot(series... [, { width = 60, height = 12, title =, xTitle =, yTitle =, min =, max =, color = }])
          returns a line chart as text: print(plot{1, 4, 9, 16})
          a series is an array of numbers (plotted against x = 0, 1, 2, ...), { name =, values = {...} }, or { name =, x = {...}, y = {...} }
          both axes are labelled at round steps (1, 2 or 5 times a power of ten), their ranges widened to whole steps;
          xTitle and yTitle name what each axis measures, e.g. { xTitle = "time (s)", yTitle = "speed (pt/s)" }
          min and max fix the y range; color = true adds ANSI colours (the default: only on a colour terminal)
        """

    /// The `help()` overview line for `plot`.
    static let overviewLine = "  plot         plot{1, 4, 9}: a line chart of numbers as text"
}
