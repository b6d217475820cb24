import Dynamics
import LuaKit
import Pictures

/// `animator:trace{ items =, fields =, file = }` and `animator:stopTrace()`: a row per frame of the items' state,
/// as CSV or JSON Lines, for reading into a spreadsheet or a plotting tool.
enum TraceBinding {
    private static let keys = ["items", "fields", "file", "format"]

    /// Starts a trace (ending one already running on the animator) and writes its first row: the items as they are now.
    static func start(_ s: LuaStack) throws(LuaError) -> Int32 {
        let a = try s.checkAnimator(1, .arg(1))
        guard s.type(at: 2) == .table else { throw LuaError.argument(2, "table expected, got \(s.typeName(at: 2))") }
        let o = OptionTable(s, at: 2, arg: 2, typeName: "trace")
        try o.checkKeys(keys, allowsArray: false)
        guard let path = try o.string("file") else {
            throw LuaError.argument(2, "field 'file': a file name is needed, e.g. file = \"trace.csv\"")
        }
        if let problem = PicturesBinding.problem(withFileName: path) { throw LuaError.argument(2, "field 'file': \(problem)") }
        let writable = try Sandbox.writablePath(path, in: s.state)
        let format: TraceFormat
        if let name = try o.value("format", { s, i, site throws(LuaError) in try s.checkChoice(i, site, ["csv", "jsonl"]) }) {
            format = name == "jsonl" ? .jsonLines : .csv
        } else {
            format = path.hasSuffix(".jsonl") || path.hasSuffix(".json") ? .jsonLines : .csv
        }
        let items = try o.value("items") { s, i, site throws(LuaError) in try views(s, i, site) } ?? a.items
        guard !items.isEmpty else {
            throw LuaError.argument(2, "nothing to trace: give items = {...} or add items to the animator first")
        }
        let fields = try o.value("fields") { s, i, site throws(LuaError) in try traceFields(s, i, site) }
            ?? [.center, .velocity, .angle, .angularVelocity]

        guard let sessions = PictureSessions.of(s) else { return 0 }
        let session = sessions.session(a)
        session.trace?.finish()
        session.trace = nil
        let trace: TraceSession
        do throws(PictureError) {
            let writer = try TraceWriter(format: format, fields: fields, labels: items.map(\.name), units: a.displayUnits)
            trace = TraceSession(file: try TraceFile(writer: writer, path: writable), items: items)
            try trace.record(time: a.elapsedTime)
            try trace.flush()
        } catch {
            throw PictureOptions.error(error, arg: 2)
        }
        if session.recording == nil { session.history.reset() }
        session.trace = trace
        session.lastTime = a.elapsedTime
        session.history.append(a)
        s.push(path)
        return 1
    }

    /// Ends the trace, writing what is left; returns the number of rows written (0 when none was running).
    static func stop(_ s: LuaStack) throws(LuaError) -> Int32 {
        let a = try s.checkAnimator(1, .arg(1))
        guard let session = PictureSessions.of(s)?.existing(a), let trace = session.trace else {
            s.push(0)
            return 1
        }
        session.trace = nil
        do throws(PictureError) { try trace.flush() } catch { throw LuaError(error.description) }
        s.push(trace.file.rowCount)
        return 1
    }

    /// An array of Views.
    private static func views(_ s: LuaStack, _ index: Int32, _ site: Site) throws(LuaError) -> [DynamicItem] {
        guard s.type(at: index) == .table else { throw site.error("array of View expected, got \(s.typeName(at: index))") }
        let table = s.absolute(index)
        var out: [DynamicItem] = []
        let count = s.rawLength(table)
        for i in 1...max(1, count) where i <= count {
            s.rawGet(table, index: i)
            defer { s.pop() }
            guard let item = s.object(at: -1, as: DynamicItem.self) else {
                throw site.error("item \(i): View expected, got \(s.typeName(at: -1))")
            }
            out.append(item)
        }
        return out
    }

    /// An array of field names.
    private static func traceFields(_ s: LuaStack, _ index: Int32, _ site: Site) throws(LuaError) -> [TraceField] {
        guard s.type(at: index) == .table else { throw site.error("array of field names expected, got \(s.typeName(at: index))") }
        let table = s.absolute(index)
        let names = TraceField.allCases.map(\.rawValue)
        var out: [TraceField] = []
        let count = s.rawLength(table)
        guard count > 0 else { throw site.error("at least one field is needed, e.g. {\"center\"}") }
        for i in 1...count {
            s.rawGet(table, index: i)
            defer { s.pop() }
            let name = try s.checkChoice(-1, Site(arg: site.arg, field: "\(site.field ?? "fields")[\(i)]"), names)
            if let field = TraceField(name: name) { out.append(field) }
        }
        return out
    }
}
