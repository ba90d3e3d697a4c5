/// The identifier rules of the flow language.
enum Identifier {
    /// A flow id or authority: `[A-Za-z][A-Za-z0-9_.-]*`.
    static func isFlowID(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, isLetter(first) else { return false }
        return bytes.dropFirst().allSatisfy {
            isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-")
        }
    }

    /// A step, input, param, variable, outcome, choice, end or reason name: `[A-Za-z_][A-Za-z0-9_-]*`.
    static func isName(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, isLetter(first) || first == UInt8(ascii: "_") else { return false }
        return bytes.dropFirst().allSatisfy {
            isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-")
        }
    }

    /// A variable path as `choose` tests it: names joined by `.`.
    static func isVariablePath(_ text: String) -> Bool {
        text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { isName(String($0)) }
    }

    /// An action name: `[A-Za-z][A-Za-z0-9_]*` words joined by `.`, e.g. `signUp.start`.
    static func isActionName(_ text: String) -> Bool {
        text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { word in
            let bytes = Array(word.utf8)
            guard let first = bytes.first, isLetter(first) else { return false }
            return bytes.dropFirst().allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") }
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}

extension Identifier {
    /// The candidate closest to `word` when it is close enough to be a likely misspelling. Unlike
    /// `Spelling.suggestion`, a swap of two neighbouring letters (`emial`) counts as one edit.
    static func suggestion(for word: String, among candidates: [String]) -> String? {
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = distance(word, candidate)
            if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        guard let best else { return nil }
        let allowed = max(1, min(2, max(word.count, best.candidate.count) / 3))
        return best.distance <= allowed ? best.candidate : nil
    }

    /// Edit distance with insertions, deletions, substitutions and transpositions, ignoring case.
    static func distance(_ lhs: String, _ rhs: String) -> Int {
        let left = Array(lhs.lowercased().unicodeScalars)
        let right = Array(rhs.lowercased().unicodeScalars)
        if left.isEmpty { return right.count }
        if right.isEmpty { return left.count }
        var beforePrevious = [Int](repeating: 0, count: right.count + 1)
        var previous = Array(0...right.count)
        for row in 1...left.count {
            var current = [Int](repeating: 0, count: right.count + 1)
            current[0] = row
            for column in 1...right.count {
                let cost = left[row - 1] == right[column - 1] ? 0 : 1
                current[column] = min(previous[column] + 1, current[column - 1] + 1, previous[column - 1] + cost)
                if row > 1, column > 1, left[row - 1] == right[column - 2], left[row - 2] == right[column - 1] {
                    current[column] = min(current[column], beforePrevious[column - 2] + 1)
                }
            }
            beforePrevious = previous
            previous = current
        }
        return previous[right.count]
    }
}
