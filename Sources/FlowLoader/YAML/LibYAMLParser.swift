internal import CYaml
import FlowModel

/// libyaml's event parser (`yaml_parser_parse`) over a buffer of UTF-8 bytes: one event at a time, and the
/// error that stopped it. The caller keeps the buffer alive for the parser's lifetime (see ``withEvents(of:_:)``).
///
/// A class, so that the C parser, which points into itself once its input is set, never moves.
final class LibYAMLParser {
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    /// The current event; valid after ``next()`` returned true, until the next call. Zeroed (no event) before
    /// the first call, so that it can always be released.
    let event: UnsafeMutablePointer<yaml_event_t>

    private init?(input: UnsafeBufferPointer<UInt8>) {
        parser = .allocate(capacity: 1)
        event = .allocate(capacity: 1)
        event.initialize(to: yaml_event_t())
        guard yaml_parser_initialize(parser) == 1 else {
            parser.deallocate()
            event.deallocate()
            return nil
        }
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
        guard let base = input.baseAddress else {
            yaml_parser_delete(parser)
            parser.deallocate()
            event.deallocate()
            return nil
        }
        yaml_parser_set_input_string(parser, base, input.count)
    }

    deinit {
        yaml_event_delete(event)
        yaml_parser_delete(parser)
        parser.deallocate()
        event.deallocate()
    }

    /// Runs `body` with a parser reading `bytes`; `nil` when libyaml cannot allocate one.
    static func withEvents<Result>(of bytes: [UInt8], _ body: (LibYAMLParser) -> Result) -> Result? {
        // libyaml needs a valid pointer even for no input; an empty array may have none.
        let input = bytes.isEmpty ? [0] : bytes
        return input.withUnsafeBufferPointer { buffer in
            guard let parser = LibYAMLParser(input: UnsafeBufferPointer(rebasing: buffer[0..<bytes.count])) else {
                return nil
            }
            return body(parser)
        }
    }

    /// Parses the next event into ``event``, releasing the previous one; false when libyaml reports an error
    /// (then see ``error``).
    func next() -> Bool {
        yaml_event_delete(event)
        return yaml_parser_parse(parser, event) == 1
    }

    /// The error that made ``next()`` fail.
    var error: LibYAMLError {
        let state = parser.pointee
        let problem = state.problem.map { String(cString: $0) } ?? "unknown problem"
        let context = state.context.map {
            LibYAMLError.Context(text: String(cString: $0), mark: Self.position(state.context_mark))
        }
        let kind: LibYAMLError.Kind
        switch state.error {
        case YAML_MEMORY_ERROR: kind = .memory
        case YAML_READER_ERROR: kind = .reader(offset: state.problem_offset)
        default: kind = .syntax
        }
        return LibYAMLError(kind: kind, problem: problem, mark: Self.position(state.problem_mark), context: context)
    }

    /// A libyaml mark (0-based) as a 1-based position.
    static func position(_ mark: yaml_mark_t) -> SourcePosition {
        SourcePosition(line: mark.line + 1, column: mark.column + 1)
    }
}

/// Why libyaml stopped, as it says it.
struct LibYAMLError: Sendable {
    enum Kind: Sendable {
        /// libyaml could not allocate memory.
        case memory
        /// The reader rejected the bytes at `offset`.
        case reader(offset: Int)
        /// The scanner or the parser found a syntax error.
        case syntax
    }

    /// Where a construct that the error interrupted started ("while parsing a flow mapping").
    struct Context: Sendable {
        var text: String
        var mark: SourcePosition
    }

    var kind: Kind
    var problem: String
    var mark: SourcePosition
    var context: Context?
}
