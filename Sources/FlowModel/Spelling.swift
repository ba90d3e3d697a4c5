/// Finds the closest known name to a misspelt one, for "did you mean" hints.
public enum Spelling {
    /// The candidate nearest to `name` when it is close enough to be a likely typo: at most one edit for
    /// short names, two for longer ones. A swap of two neighbouring letters (`emial`) is one edit.
    public static func suggestion(for name: String, among candidates: some Sequence<String>) -> String? {
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(name, candidate)
            if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        guard let best else { return nil }
        let allowed = max(1, min(2, max(name.count, best.candidate.count) / 3))
        return best.distance <= allowed ? best.candidate : nil
    }

    /// Edit distance with insertions, deletions, substitutions and transpositions, ignoring case.
    public static func editDistance(_ lhs: String, _ rhs: String) -> Int {
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
