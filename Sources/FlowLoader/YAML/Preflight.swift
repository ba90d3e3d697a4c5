import FlowModel

/// A finding of the YAML pre-scan that stops the document before libyaml's parser reads it.
struct PreflightFinding: Sendable, Hashable {
    var code: RuleCode
    var message: String
    var position: SourcePosition
}

/// A cheap linear scan of YAML text that mirrors libyaml's tokenizer closely enough to bound what parsing the
/// document would cost, before libyaml's parser reads it:
///
/// - the nesting depth (flow brackets, block indentation levels, compact `- ` / `key: ` indicators) must stay
///   within ``LoaderLimits/hardDepthLimit`` (FR006), where the first level too deep is reported; libyaml itself
///   keeps a state per level and gives up after 1,000 with an error of its own;
/// - the number of nodes written (not counting alias expansion) must stay within the node limit (FR007);
/// - a document that uses aliases may have only scalar, non-alias mapping keys (FR010), reported where the
///   key is written rather than where the anchor it names was.
///
/// Wherever libyaml would stop with a syntax error the scan stops too: the parser never gets further.
/// A struct whose helpers mutate it in place, so that no access to its state needs a runtime exclusivity check.
struct Preflight {
    private let bytes: [UInt8]
    private let depthLimit: Int
    private let nodeLimit: Int

    private var index = 0
    private var line = 1
    private var column = 0  // 0-based, in Unicode scalars, as libyaml counts

    /// Open flow collections, innermost last.
    private var flowCollections: [FlowCollection] = []
    private var flowLevel: Int { flowCollections.count }
    private var indents: [Indent] = []
    private var simpleKeyAllowed = true
    private var pendingKeys: [PendingKey?] = [nil]

    private var nodeCount = 0
    /// The largest depth bound seen.
    private var deepest = 0
    private var firstTooDeep: SourcePosition?
    private var firstAlias: SourcePosition?
    private var firstComplexKey: SourcePosition?
    private var finding: PreflightFinding?

    private struct Indent {
        var column: Int
        var isSequence: Bool
        var hasIndentlessSequence: Bool
    }

    private struct FlowCollection {
        var isSequence: Bool
        /// A `key: value` entry of a flow sequence is a single-pair mapping: one more level.
        var hasPairMapping = false
    }

    private enum KeyKind {
        case scalar
        case alias
        case collection
        case property
    }

    private struct PendingKey {
        var line: Int
        var column: Int
        var position: SourcePosition
        var kind: KeyKind
    }

    /// The byte tables, held by the scan so that hot loops do not check a global's lazy initialization.
    private let flowIndicators = Self.flowIndicatorTable
    private let flowIndicatorsAfterColon = Self.flowIndicatorAfterColonTable
    private let nonPlainStarts = Self.nonPlainStartTable
    /// The line whose stale simple keys were last dropped.
    private var staleKeysDroppedOnLine = 0

    private init(bytes: [UInt8], limits: LoaderLimits) {
        self.bytes = bytes
        self.depthLimit = limits.depthLimit
        self.nodeLimit = limits.nodeLimit
    }

    /// Scans the whole text; returns the first reason to reject it, if any.
    static func check(_ bytes: [UInt8], limits: LoaderLimits) -> PreflightFinding? {
        var scan = Preflight(bytes: bytes, limits: limits)
        return scan.run()
    }

    /// The bound on the number of nested collections the scan computed (for tests).
    static func depthBound(of bytes: [UInt8]) -> Int {
        var scan = Preflight(bytes: bytes, limits: LoaderLimits(maxNodes: .max))
        _ = scan.run()
        return scan.deepest
    }

    private mutating func run() -> PreflightFinding? {
        while finding == nil, nextToken() {}
        if let finding { return finding }
        if firstAlias != nil, let key = firstComplexKey {
            return PreflightFinding(
                code: .wrongType,
                message: "mapping keys must be plain strings; a document that uses aliases (`*name`) may not use "
                    + "aliases, lists or maps as keys",
                position: key)
        }
        return nil
    }

    // MARK: - Cursor

    private var atEnd: Bool { index >= bytes.count }
    private var position: SourcePosition { SourcePosition(line: line, column: column + 1) }

    private func byte(_ ahead: Int = 0) -> UInt8 {
        index + ahead < bytes.count ? bytes[index + ahead] : 0
    }

    private var isBreak: Bool { SourceText.breakLength(bytes, at: index) > 0 }
    private var isBlank: Bool { byte() == 0x20 || byte() == 0x09 }

    /// Space, tab, line break or end of text at `ahead` bytes (only ASCII lookahead is ever needed).
    private func isBlankOrEnd(_ ahead: Int = 0) -> Bool {
        let at = index + ahead
        guard at < bytes.count else { return true }
        let value = bytes[at]
        return value == 0x20 || value == 0x09 || SourceText.breakLength(bytes, at: at) > 0
    }

    /// Moves past one Unicode scalar or one line break.
    private mutating func advance() {
        guard index < bytes.count else { return }
        let breakLength = SourceText.breakLength(bytes, at: index)
        if breakLength > 0 {
            index += breakLength
            line += 1
            column = 0
        } else {
            index += SourceText.scalarLength(lead: bytes[index])
            column += 1
        }
    }

    /// Moves to the next line break (or the end), on the same line: a tight loop over bytes.
    private mutating func skipToLineEnd() {
        var offset = index
        var columns = column
        let count = bytes.count
        while offset < count {
            let value = bytes[offset]
            if value == 0x0A || value == 0x0D { break }
            if value >= 0x80 {
                if SourceText.breakLength(bytes, at: offset) > 0 { break }
                offset += SourceText.scalarLength(lead: value)
            } else {
                offset += 1
            }
            columns += 1
        }
        index = min(offset, count)
        column = columns
    }

    /// Moves past the non-blank characters of a plain scalar's word, stopping where libyaml's scanner stops:
    /// `: ` (or `:` at the end of a line), and in flow context `,`, `[`, `]`, `{`, `}`. Returns false where
    /// libyaml reports an error (`:` followed by a flow indicator in flow context).
    private mutating func skipPlainWord() -> Bool {
        var offset = index
        var columns = column
        let count = bytes.count
        let inFlow = flowLevel > 0
        while offset < count {
            let value = bytes[offset]
            if value == 0x20 || value == 0x09 || value == 0x0A || value == 0x0D { break }
            if value >= 0x80 {
                if SourceText.breakLength(bytes, at: offset) > 0 { break }
                offset += SourceText.scalarLength(lead: value)
                columns += 1
                continue
            }
            if value == UInt8(ascii: ":") {
                let next = offset + 1 < count ? bytes[offset + 1] : 0x20
                if inFlow, flowIndicatorsAfterColon[Int(next)] {
                    index = offset
                    column = columns
                    return false
                }
                if next == 0x20 || next == 0x09 || next == 0x0A || next == 0x0D
                    || SourceText.breakLength(bytes, at: offset + 1) > 0
                {
                    break
                }
            } else if inFlow, flowIndicators[Int(value)] {
                break
            }
            offset += 1
            columns += 1
        }
        index = min(offset, count)
        column = columns
        return true
    }

    /// `,[]{}` by byte value.
    private static let flowIndicatorTable: [Bool] = (0..<256).map { Array(",[]{}".utf8).contains(UInt8($0)) }
    /// `,?[]{}` by byte value.
    private static let flowIndicatorAfterColonTable: [Bool] = (0..<256).map { Array(",?[]{}".utf8).contains(UInt8($0)) }
    /// The characters that cannot start a plain scalar, by byte value.
    private static let nonPlainStartTable: [Bool] = (0..<256).map {
        Array(",[]{}#&*!|>'\"%@`".utf8).contains(UInt8($0))
    }

    // MARK: - Bookkeeping

    private var currentIndent: Int { indents.last?.column ?? -1 }

    private var depth: Int {
        indents.reduce(0) { $0 + ($1.hasIndentlessSequence ? 2 : 1) }
            + flowCollections.reduce(0) { $0 + ($1.hasPairMapping ? 2 : 1) }
    }

    private mutating func countNode(at position: SourcePosition) {
        nodeCount += 1
        if nodeCount > nodeLimit, finding == nil {
            finding = PreflightFinding(
                code: .documentTooLarge,
                message: "the document has more than \(nodeLimit) nodes", position: position)
        }
    }

    private mutating func checkDepth(at position: SourcePosition) {
        let depth = depth
        deepest = max(deepest, depth)
        if depth > depthLimit, firstTooDeep == nil { firstTooDeep = position }
        if depth > LoaderLimits.hardDepthLimit, finding == nil {
            finding = PreflightFinding(
                code: .nestingTooDeep,
                message: "nesting is deeper than \(depthLimit) levels", position: firstTooDeep ?? position)
        }
    }

    /// A block collection starts at `column` unless one already does (libyaml's roll_indent).
    private mutating func rollIndent(column: Int, at position: SourcePosition, isSequenceEntry: Bool) {
        guard flowLevel == 0 else { return }
        if currentIndent < column {
            indents.append(Indent(column: column, isSequence: isSequenceEntry, hasIndentlessSequence: false))
            countNode(at: position)
            checkDepth(at: position)
        } else if isSequenceEntry, currentIndent == column, let last = indents.indices.last,
            !indents[last].isSequence, !indents[last].hasIndentlessSequence
        {
            indents[last].hasIndentlessSequence = true
            countNode(at: position)
            checkDepth(at: position)
        }
    }

    /// A `key: value` (or `? key`) entry directly in a flow sequence opens a single-pair mapping.
    private mutating func notePairMapping(at position: SourcePosition) {
        guard let last = flowCollections.indices.last, flowCollections[last].isSequence,
            !flowCollections[last].hasPairMapping
        else { return }
        flowCollections[last].hasPairMapping = true
        countNode(at: position)
        checkDepth(at: position)
    }

    private mutating func unrollIndent(column: Int) {
        guard flowLevel == 0 else { return }
        while currentIndent > column { indents.removeLast() }
    }

    /// Remembers where a possible simple key starts (libyaml's save_simple_key), or refines the kind of a key
    /// whose anchor or tag came first.
    private mutating func saveKey(_ kind: KeyKind) {
        let level = pendingKeys.count - 1
        if simpleKeyAllowed {
            pendingKeys[level] = PendingKey(line: line, column: column, position: position, kind: kind)
        } else if let key = pendingKeys[level], key.kind == .property, key.line == line {
            pendingKeys[level]?.kind = kind
        }
    }

    private mutating func dropStaleKeys() {
        // Keys saved since the last call on this line are on this line: nothing new can be stale.
        guard line != staleKeysDroppedOnLine else { return }
        staleKeysDroppedOnLine = line
        for level in pendingKeys.indices {
            if let key = pendingKeys[level], key.line != line { pendingKeys[level] = nil }
        }
    }

    private mutating func noteComplexKey(at position: SourcePosition) {
        if firstComplexKey == nil { firstComplexKey = position }
    }

    // MARK: - Tokens

    /// Scans one token; returns false at the end of the text or where libyaml would report an error.
    private mutating func nextToken() -> Bool {
        skipToNextToken()
        dropStaleKeys()
        unrollIndent(column: column)
        guard !atEnd else { return false }
        let start = position
        let character = byte()

        if column == 0, character == UInt8(ascii: "%") {
            skipToLineEnd()
            return true
        }
        if column == 0, isDocumentMarker {
            unrollIndent(column: -1)
            pendingKeys = Array(repeating: nil, count: pendingKeys.count)
            simpleKeyAllowed = false
            advance()
            advance()
            advance()
            return true
        }
        switch character {
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            saveKey(.collection)
            countNode(at: start)
            flowCollections.append(FlowCollection(isSequence: character == UInt8(ascii: "[")))
            pendingKeys.append(nil)
            checkDepth(at: start)
            simpleKeyAllowed = true
            advance()
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
            if flowLevel > 0 {
                flowCollections.removeLast()
                pendingKeys.removeLast()
            }
            simpleKeyAllowed = false
            advance()
        case UInt8(ascii: ","):
            if flowLevel > 0 { flowCollections[flowLevel - 1].hasPairMapping = false }
            pendingKeys[pendingKeys.count - 1] = nil
            simpleKeyAllowed = true
            advance()
        case UInt8(ascii: "-") where isBlankOrEnd(1):
            rollIndent(column: column, at: start, isSequenceEntry: true)
            pendingKeys[pendingKeys.count - 1] = nil
            simpleKeyAllowed = true
            advance()
        case UInt8(ascii: "?") where flowLevel > 0 || isBlankOrEnd(1):
            noteComplexKey(at: start)
            notePairMapping(at: start)
            rollIndent(column: column, at: start, isSequenceEntry: false)
            pendingKeys[pendingKeys.count - 1] = nil
            simpleKeyAllowed = flowLevel == 0
            advance()
        case UInt8(ascii: ":") where flowLevel > 0 || isBlankOrEnd(1):
            scanValueIndicator(at: start)
        case UInt8(ascii: "*"):
            saveKey(.alias)
            if firstAlias == nil { firstAlias = start }
            countNode(at: start)
            skipAnchorName()
            simpleKeyAllowed = false
        case UInt8(ascii: "&"):
            saveKey(.property)
            skipAnchorName()
            simpleKeyAllowed = false
        case UInt8(ascii: "!"):
            saveKey(.property)
            while !isBlankOrEnd(), byte() != UInt8(ascii: "{"), byte() != UInt8(ascii: "}") { advance() }
            simpleKeyAllowed = false
        case UInt8(ascii: "|") where flowLevel == 0, UInt8(ascii: ">") where flowLevel == 0:
            pendingKeys[pendingKeys.count - 1] = nil
            countNode(at: start)
            simpleKeyAllowed = true
            return scanBlockScalar()
        case UInt8(ascii: "'"), UInt8(ascii: "\""):
            saveKey(.scalar)
            countNode(at: start)
            simpleKeyAllowed = false
            return scanQuotedScalar(single: character == UInt8(ascii: "'"))
        default:
            guard startsPlainScalar else { return false }
            saveKey(.scalar)
            countNode(at: start)
            simpleKeyAllowed = false
            return scanPlainScalar()
        }
        return true
    }

    private var isDocumentMarker: Bool {
        let first = byte()
        guard first == UInt8(ascii: "-") || first == UInt8(ascii: ".") else { return false }
        return byte(1) == first && byte(2) == first && isBlankOrEnd(3)
    }

    private var startsPlainScalar: Bool {
        let character = byte()
        if isBlankOrEnd() { return false }
        if character == UInt8(ascii: "-") { return !(byte(1) == 0x20 || byte(1) == 0x09) }
        if character == UInt8(ascii: "?") || character == UInt8(ascii: ":") {
            return flowLevel == 0 && !isBlankOrEnd(1)
        }
        return !nonPlainStarts[Int(character)]
    }

    /// Eats spaces, comments and line breaks (libyaml's scan_to_next_token). Tabs are skipped only where
    /// libyaml skips them; elsewhere they stop the scan as they stop libyaml.
    private mutating func skipToNextToken() {
        while !atEnd {
            if column == 0, byte() == 0xEF, byte(1) == 0xBB, byte(2) == 0xBF { advance() }
            while byte() == 0x20 || (byte() == 0x09 && (flowLevel > 0 || !simpleKeyAllowed)) { advance() }
            if byte() == UInt8(ascii: "#") { skipToLineEnd() }
            guard isBreak else { return }
            advance()
            if flowLevel == 0 { simpleKeyAllowed = true }
        }
    }

    private mutating func skipAnchorName() {
        advance()
        while !atEnd {
            let character = byte()
            let isNameCharacter =
                (character >= UInt8(ascii: "0") && character <= UInt8(ascii: "9"))
                || (character >= UInt8(ascii: "a") && character <= UInt8(ascii: "z"))
                || (character >= UInt8(ascii: "A") && character <= UInt8(ascii: "Z"))
                || character == UInt8(ascii: "_") || character == UInt8(ascii: "-")
            guard isNameCharacter else { return }
            advance()
        }
    }

    /// `:` — closes a simple key (starting a block mapping at the key's column) or is a complex value.
    private mutating func scanValueIndicator(at start: SourcePosition) {
        let level = pendingKeys.count - 1
        notePairMapping(at: pendingKeys[level]?.position ?? start)
        if let key = pendingKeys[level] {
            if key.kind == .alias || key.kind == .collection { noteComplexKey(at: key.position) }
            rollIndent(column: key.column, at: key.position, isSequenceEntry: false)
            pendingKeys[level] = nil
            simpleKeyAllowed = false
        } else {
            rollIndent(column: column, at: start, isSequenceEntry: false)
            simpleKeyAllowed = flowLevel == 0
        }
        advance()
    }

    // MARK: - Scalars

    /// A plain scalar, possibly over several lines (libyaml's scan_plain_scalar).
    private mutating func scanPlainScalar() -> Bool {
        let indentLimit = currentIndent + 1
        var leadingBlanks = false
        while true {
            if column == 0, isDocumentMarker { break }
            if byte() == UInt8(ascii: "#") { break }
            guard skipPlainWord() else { return false }
            guard isBlank || isBreak else { break }
            leadingBlanks = false
            while isBlank || isBreak {
                if isBreak { leadingBlanks = true }
                advance()
            }
            if flowLevel == 0, column < indentLimit { break }
        }
        if leadingBlanks { simpleKeyAllowed = true }
        return true
    }

    /// A single- or double-quoted scalar, possibly over several lines.
    private mutating func scanQuotedScalar(single: Bool) -> Bool {
        advance()
        while true {
            guard !atEnd else { return false }
            if column == 0, isDocumentMarker { return false }
            let character = byte()
            if single {
                if character == UInt8(ascii: "'") {
                    advance()
                    if byte() != UInt8(ascii: "'") { return true }
                }
            } else if character == UInt8(ascii: "\\") {
                advance()
            } else if character == UInt8(ascii: "\"") {
                advance()
                return true
            }
            advance()
        }
    }

    /// A literal (`|`) or folded (`>`) block scalar (libyaml's scan_block_scalar).
    private mutating func scanBlockScalar() -> Bool {
        advance()
        var increment = 0
        for _ in 0..<2 {
            let character = byte()
            if character == UInt8(ascii: "+") || character == UInt8(ascii: "-") {
                advance()
            } else if character >= UInt8(ascii: "1"), character <= UInt8(ascii: "9"), increment == 0 {
                increment = Int(character - UInt8(ascii: "0"))
                advance()
            }
        }
        while isBlank { advance() }
        if byte() == UInt8(ascii: "#") { skipToLineEnd() }
        guard atEnd || isBreak else { return false }
        advance()
        var blockIndent = 0
        if increment > 0 { blockIndent = currentIndent >= 0 ? currentIndent + increment : increment }
        guard skipBlockScalarBreaks(&blockIndent) else { return false }
        while column == blockIndent, !atEnd {
            skipToLineEnd()
            if atEnd { break }
            advance()
            guard skipBlockScalarBreaks(&blockIndent) else { return false }
        }
        return true
    }

    private mutating func skipBlockScalarBreaks(_ blockIndent: inout Int) -> Bool {
        var maxIndent = 0
        while true {
            while blockIndent == 0 || column < blockIndent, byte() == 0x20 { advance() }
            maxIndent = max(maxIndent, column)
            if blockIndent == 0 || column < blockIndent, byte() == 0x09 { return false }
            guard isBreak else { break }
            advance()
        }
        if blockIndent == 0 { blockIndent = max(maxIndent, currentIndent + 1, 1) }
        return true
    }
}
