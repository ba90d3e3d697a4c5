import FlowrunFoundation
import Foundation
import Logging
import NativeAuthWire

/// A log handler that writes each entry as one JSON object on standard error (`flowrun serve --log-format json`),
/// for log collectors: `time` (ISO 8601, UTC, milliseconds), `level`, `label`, `message` and the entry's metadata
/// as fields (integers, numbers and booleans given as such stay JSON numbers and booleans). What the access log
/// already keeps out (bodies, parameter values, tokens) stays out.
public struct JSONLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    private let label: String

    public init(label: String) {
        self.label = label
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var fields: [String: Value] = [:]
        for (key, value) in metadata.merging(event.metadata ?? [:], uniquingKeysWith: { $1 }) {
            fields[key] = Self.value(value)
        }
        fields["time"] = .string(Date().formatted(Self.time))
        fields["level"] = .string(event.level.rawValue)
        fields["label"] = .string(label)
        fields["message"] = .string(event.message.description)
        let line = (JSONWriter.encode(.object(fields)) ?? Array("{}".utf8)) + [UInt8(ascii: "\n")]
        FileHandle.standardError.write(Data(line))
    }

    private static let time = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    private static func value(_ metadata: Logger.Metadata.Value) -> Value {
        switch metadata {
        case .string(let text): return .string(text)
        case .stringConvertible(let item as Int): return .integer(item)
        case .stringConvertible(let item as Double) where item.isFinite: return .number(item)
        case .stringConvertible(let item as Bool): return .boolean(item)
        case .stringConvertible(let item): return .string(item.description)
        case .array(let items): return .list(items.map(value))
        case .dictionary(let entries): return .object(entries.mapValues(value))
        }
    }
}
