import FlowModel
import FlowrunFoundation
import Foundation
import Logging

/// Log lines captured by ``CapturingLogHandler``.
final class LogLines: @unchecked Sendable {
    struct Line {
        var level: Logger.Level
        var message: String
        var metadata: [String: String]
    }

    private let lock = NSLock()
    private var lines: [Line] = []

    func append(_ line: Line) {
        lock.withLock { lines.append(line) }
    }

    var all: [Line] { lock.withLock { lines } }
}

/// A log handler that keeps every line.
struct CapturingLogHandler: LogHandler {
    let lines: LogLines
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        lines.append(
            LogLines.Line(
                level: event.level, message: event.message.description, metadata: merged.mapValues(\.description)))
    }
}
