/// Help for the `plot` global (the picture, trace, play and energy parts of Animator are described with its
/// other properties and methods, in PicturesBinding).
enum PicturesHelp {
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
