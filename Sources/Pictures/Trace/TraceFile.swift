import Dynamics

/// A trace being written to a file as frames come: the header first, then rows buffered in memory and
/// appended in batches, so a long run neither holds everything nor opens the file every frame.
public struct TraceFile: Sendable {
    /// The formatter for the rows.
    public let writer: TraceWriter
    /// Where the trace goes.
    public let path: String
    /// Rows are appended to the file once this many are waiting.
    public let batchSize: Int
    /// Rows written or waiting so far.
    public private(set) var rowCount = 0
    private var pending = ""
    private var pendingRows = 0

    /// Starts the trace: replaces the file at `path` with the header (CSV) or an empty file (JSON Lines).
    public init(writer: TraceWriter, path: String, batchSize: Int = 256) throws(PictureError) {
        self.writer = writer
        self.path = path
        self.batchSize = max(1, batchSize)
        try TextFile.write(writer.header, to: path)
    }

    /// Adds the row for one frame; writes the waiting rows when a batch is full.
    public mutating func record(time: Double, items: [ItemSnapshot]) throws(PictureError) {
        pending += writer.line(time: time, items: items)
        pendingRows += 1
        rowCount += 1
        if pendingRows >= batchSize { try flush() }
    }

    /// Writes the waiting rows now (call when the trace ends, or before reading the file). A file deleted while
    /// the trace runs is started again with its header, so what is written stays a readable trace.
    public mutating func flush() throws(PictureError) {
        guard !pending.isEmpty else { return }
        if !TextFile.exists(path) { try TextFile.write(writer.header, to: path) }
        try TextFile.append(pending, to: path)
        pending = ""
        pendingRows = 0
    }
}
