import LuaKit
import Pictures

/// The `plot(series... [, options])` global: a braille line chart as text (returned, so `print(plot(t))` shows it and
/// a script can also keep or compare it). A series is an array of numbers (plotted against 1, 2, 3, ...),
/// `{ name =, values = {...} }`, or `{ name =, x = {...}, y = {...} }`; each may name a `color`.
/// A last table that is none of these (no array part, no `values`, `x` or `y`) holds the options.
enum PlotBinding {
    static let optionKeys = ["width", "height", "title", "xTitle", "yTitle", "min", "max", "color"]
    private static let seriesKeys = ["name", "values", "x", "y", "color"]

    static var function: LuaFunction { { s throws(LuaError) in
        let count = s.top
        var series: [PlotSeries] = []
        var options = PlotOptions()
        options.colorMode = TerminalOutput.colorMode
        for arg in 1...max(1, count) where arg <= count {
            guard s.type(at: arg) == .table else {
                throw LuaError.argument(arg, "series expected (an array of numbers or {name =, values =}), got \(s.typeName(at: arg))")
            }
            if arg == count, !isSeries(s, arg) {
                try readOptions(s, arg, into: &options)
            } else {
                series.append(try readSeries(s, arg, number: series.count + 1))
            }
        }
        guard !series.isEmpty else { throw LuaError.argument(1, "at least one series is needed, e.g. plot{1, 4, 9}") }
        do throws(PictureError) {
            s.push(try plot(series, options: options))
        } catch {
            throw PictureOptions.error(error, arg: count)
        }
        return 1
    } }

    /// Whether the table at `arg` reads as a series rather than options.
    private static func isSeries(_ s: LuaStack, _ arg: Int32) -> Bool {
        if s.rawLength(arg) > 0 { return true }
        for key in ["values", "x", "y"] {
            s.rawGet(arg, field: key)
            defer { s.pop() }
            if !s.isNil(at: -1) { return true }
        }
        return false
    }

    private static func readOptions(_ s: LuaStack, _ arg: Int32, into options: inout PlotOptions) throws(LuaError) {
        let o = OptionTable(s, at: arg, arg: arg, typeName: "plot")
        try o.checkKeys(optionKeys, allowsArray: false)
        if let width = try PictureOptions.integer(o, "width", in: 20...1000) { options.width = width }
        if let height = try PictureOptions.integer(o, "height", in: 2...500) { options.height = height }
        if let title = try o.string("title") { options.title = title }
        if let title = try o.string("xTitle") { options.xTitle = title }
        if let title = try o.string("yTitle") { options.yTitle = title }
        let low = try o.number("min"), high = try o.number("max")
        if low != nil || high != nil {
            guard let low, let high else { throw LuaError.argument(arg, "give both min and max for a fixed y range, or neither") }
            guard low < high else { throw LuaError.argument(arg, "min must be below max") }
            options.yRange = low...high
        }
        if let color = try o.boolean("color") { options.colorMode = color ? .palette256 : .none }
    }

    private static func readSeries(_ s: LuaStack, _ arg: Int32, number: Int) throws(LuaError) -> PlotSeries {
        let o = OptionTable(s, at: arg, arg: arg, typeName: "plot")
        let defaultName = "series \(number)"
        if s.rawLength(arg) > 0 {
            return PlotSeries(name: defaultName, values: try numbers(s, arg, Site.arg(arg)))
        }
        try o.checkKeys(seriesKeys, allowsArray: false)
        let name = try o.string("name") ?? defaultName
        let color = try o.value("color") { s, i, site throws(LuaError) in try PictureOptions.color(s, i, site) }
        if let values = try o.value("values", { s, i, site throws(LuaError) in try numbers(s, i, site) }) {
            return PlotSeries(name: name, values: values, color: color)
        }
        let x = try o.value("x") { s, i, site throws(LuaError) in try numbers(s, i, site) }
        let y = try o.value("y") { s, i, site throws(LuaError) in try numbers(s, i, site) }
        guard let x, let y else { throw LuaError.argument(arg, "a series needs values = {...}, or both x = {...} and y = {...}") }
        return PlotSeries(name: name, x: x, y: y, color: color)
    }

    /// An array of numbers; NaN and infinities are allowed (the chart breaks its line there).
    private static func numbers(_ s: LuaStack, _ index: Int32, _ site: Site) throws(LuaError) -> [Double] {
        guard s.type(at: index) == .table else { throw site.error("array of numbers expected, got \(s.typeName(at: index))") }
        let table = s.absolute(index)
        let count = s.rawLength(table)
        guard count <= 10_000_000 else { throw site.error("at most 10000000 values, got \(count)") }
        var out: [Double] = []
        out.reserveCapacity(count)
        for i in 1...max(1, count) where i <= count {
            s.rawGet(table, index: i)
            defer { s.pop() }
            guard let value = s.number(at: -1) else { throw site.error("value \(i): number expected, got \(s.typeName(at: -1))") }
            out.append(value)
        }
        return out
    }
}
