internal import CYaml
import FlowModel

/// The stream around the document: exactly one document, read to its end even after a limit stopped the
/// build, so that a syntax error anywhere in the file is still the error reported.
extension YAMLTreeBuilder {
    /// What reading the stream gave.
    enum Outcome {
        /// The document's tree, or `nil` when a limit stopped the build (the reason is in ``diagnostics``).
        case tree(TreeNode?)
        /// The stream holds no document at all.
        case noDocument
        /// The stream is not one well-formed document.
        case failed(StreamFailure)
    }

    /// Why the stream is not one well-formed document.
    enum StreamFailure {
        /// libyaml reported an error.
        case libyaml(LibYAMLError)
        /// An alias names no anchor defined before it.
        case undefinedAlias(SourcePosition)
        /// A second document starts here.
        case secondDocument(SourcePosition)
    }

    /// Reads every event of the stream.
    mutating func build(from parser: LibYAMLParser) -> Outcome {
        // The stream start, then a document start or the stream end.
        guard parser.next(), parser.next() else { return .failed(.libyaml(parser.error)) }
        if parser.event.pointee.type == YAML_STREAM_END_EVENT { return .noDocument }
        var root: TreeNode?
        var rest: SkippedNodes?
        while root == nil {
            guard parser.next() else { return .failed(.libyaml(parser.error)) }
            if var skipped = rest {
                if case .undefinedAlias(let position) = skipped.take(parser.event, anchors: anchors) {
                    return .failed(.undefinedAlias(position))
                }
                rest = skipped
                if skipped.isDone { break }
                continue
            }
            do throws(Stop) {
                root = try take(parser.event)
            } catch {
                if case .undefinedAlias(let position) = error { return .failed(.undefinedAlias(position)) }
                let skipped = SkippedNodes(openAnchors: openAnchors + refusedCollection(parser.event))
                if skipped.isDone { break }
                rest = skipped
            }
        }
        // The document end, then the stream end.
        guard parser.next(), parser.next() else { return .failed(.libyaml(parser.error)) }
        let event = parser.event.pointee
        guard event.type == YAML_STREAM_END_EVENT else {
            return .failed(.secondDocument(LibYAMLParser.position(event.start_mark)))
        }
        return .tree(root)
    }

    /// The anchor of a collection whose start event a limit refused: it was never pushed, but its end event
    /// will come. Empty for other events.
    private func refusedCollection(_ event: UnsafePointer<yaml_event_t>) -> [String?] {
        let data = event.pointee.data
        switch event.pointee.type {
        case YAML_SEQUENCE_START_EVENT: return [data.sequence_start.anchor.map { String(cString: $0) }]
        case YAML_MAPPING_START_EVENT: return [data.mapping_start.anchor.map { String(cString: $0) }]
        default: return []
        }
    }
}

/// The rest of a document after a limit stopped the build: only anchors are noted, so that an alias to an
/// undefined anchor is still a syntax error.
struct SkippedNodes {
    /// The anchors of the collections still open, innermost last.
    private var openAnchors: [String?]
    /// Anchors defined after the build stopped.
    private var names: Set<String> = []

    init(openAnchors: [String?]) {
        self.openAnchors = openAnchors
    }

    /// Whether the document's root has ended.
    var isDone: Bool { openAnchors.isEmpty }

    enum Finding {
        case none
        case undefinedAlias(SourcePosition)
    }

    /// Takes the next event; `anchors` are those defined before the build stopped.
    mutating func take(
        _ event: UnsafePointer<yaml_event_t>, anchors: [String: YAMLTreeBuilder.Anchored]
    ) -> Finding {
        let data = event.pointee.data
        switch event.pointee.type {
        case YAML_SCALAR_EVENT:
            if let anchor = data.scalar.anchor { names.insert(String(cString: anchor)) }
        case YAML_ALIAS_EVENT:
            let name = data.alias.anchor.map { String(cString: $0) } ?? ""
            if anchors[name] == nil, !names.contains(name) {
                return .undefinedAlias(LibYAMLParser.position(event.pointee.start_mark))
            }
        case YAML_SEQUENCE_START_EVENT:
            openAnchors.append(data.sequence_start.anchor.map { String(cString: $0) })
        case YAML_MAPPING_START_EVENT:
            openAnchors.append(data.mapping_start.anchor.map { String(cString: $0) })
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            if let anchor = openAnchors.popLast() ?? nil { names.insert(anchor) }
        default:
            break
        }
        return .none
    }
}
