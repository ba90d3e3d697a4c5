/// Refuses tenant regular expressions whose matching time can explode (catastrophic backtracking), checked when
/// `authority.yaml` is loaded so that a slow pattern never reaches a request:
/// - a group repeated without bound that has alternatives (`(a|aa)+`);
/// - a group repeated without bound that holds an unbounded repetition (`(a+)+`, `(x{2,})*`), unless the group
///   starts or ends with a literal character none of its inner repetitions can match, which splits the input
///   between iterations in one way only (`( [A-Z][a-z]+)*`, `([a-z0-9-]+\.)+`);
/// - back-references.
package enum RegexSafety {
    /// Why `pattern` is refused, or nil when it is safe to run.
    package static func problem(in pattern: String) -> String? {
        var scanner = Scanner(characters: Array(pattern))
        do {
            // A stray `)` ends a sequence early; what follows it is checked too.
            while scanner.index < scanner.characters.count {
                _ = try scanner.sequence()
                scanner.index += 1
            }
            return nil
        } catch {
            return error.reason
        }
    }

    struct Refusal: Error {
        var reason: String
    }

    static let catastrophic = Refusal(
        reason: "repeats a group that itself repeats or has alternatives (like `(a+)+`), which can take "
            + "exponential time to match; use a character class, a single repetition, or a literal delimiter")

    /// What a sequence (a group's content) is made of, as far as backtracking goes.
    struct Sequence {
        var alternatives = false
        /// The atoms repeated without bound anywhere inside (nil: a group, whose characters are not known).
        var repeated: [String?] = []
        /// The literal character the sequence must start / end with, when there is one.
        var first: Character?
        var last: Character?
    }

    private struct Scanner {
        let characters: [Character]
        var index = 0

        init(characters: [Character]) {
            self.characters = characters
        }

        /// Reads up to the end of the pattern or the `)` closing the current group (not consumed).
        mutating func sequence() throws(Refusal) -> Sequence {
            var result = Sequence()
            var position = 0
            var lastAtom: (text: String?, literal: Character?)?
            while index < characters.count, characters[index] != ")" {
                let character = characters[index]
                if character == "|" {
                    result.alternatives = true
                    result.first = nil
                    index += 1
                    lastAtom = nil
                    position = 0
                    continue
                }
                let atom: (text: String?, literal: Character?, group: Sequence?)
                switch character {
                case "(":
                    index += 1
                    skipGroupPrefix()
                    let inner = try sequence()
                    index += 1  // the `)`
                    atom = (nil, nil, inner)
                case "[":
                    let start = index
                    index = endOfClass(from: index)
                    atom = (String(characters[start..<index]), nil, nil)
                case "\\":
                    guard index + 1 < characters.count else { throw Refusal(reason: "ends with a lone backslash") }
                    let next = characters[index + 1]
                    if next.isNumber && next != "0" || next == "k" {
                        throw Refusal(reason: "uses a back-reference, which can take exponential time to match")
                    }
                    let text = String(characters[index...(index + 1)])
                    index += 2
                    atom = (text, next.isLetter || next.isNumber ? nil : next, nil)
                case "^", "$":
                    index += 1
                    continue
                default:
                    index += 1
                    atom = (String(character), character == "." ? nil : character, nil)
                }
                let quantifier = readQuantifier()
                if let group = atom.group {
                    if quantifier.unbounded, !Self.safeToRepeat(group) { throw RegexSafety.catastrophic }
                    result.repeated += group.repeated
                    if quantifier.unbounded { result.repeated.append(nil) }
                } else if quantifier.unbounded {
                    result.repeated.append(atom.text)
                }
                let literal = quantifier.none ? atom.literal : nil
                if position == 0 { result.first = result.alternatives ? nil : literal }
                lastAtom = (atom.text, literal)
                position += 1
            }
            if !result.alternatives { result.last = lastAtom?.literal }
            return result
        }

        /// Whether a group may repeat without bound: no alternatives, and no inner unbounded repetition unless a
        /// literal delimiter at its start or end cannot be matched by any of them.
        static func safeToRepeat(_ group: Sequence) -> Bool {
            if group.alternatives { return false }
            if group.repeated.isEmpty { return true }
            let atoms = group.repeated.compactMap { $0 }
            guard atoms.count == group.repeated.count else { return false }
            for delimiter in [group.first, group.last].compactMap({ $0 }) {
                if atoms.allSatisfy({ !matches($0, delimiter) }) { return true }
            }
            return false
        }

        /// Whether the one-character atom `atom` (a literal, an escape or a class) matches `character`.
        static func matches(_ atom: String, _ character: Character) -> Bool {
            guard let regex = try? Regex(atom) else { return true }
            return (try? regex.wholeMatch(in: String(character))) != nil
        }

        /// `?:`, `?<name>`, `?=`… after a `(`.
        mutating func skipGroupPrefix() {
            guard index < characters.count, characters[index] == "?" else { return }
            index += 1
            if index < characters.count, characters[index] == "<" {
                if let close = characters[index...].firstIndex(of: ">") { index = close + 1 }
            } else if index < characters.count {
                index += 1
            }
        }

        /// The quantifier after an atom, consumed: whether there is none, and whether it repeats without bound
        /// (`*`, `+`, `{n,}` or more than 8 times).
        mutating func readQuantifier() -> (none: Bool, unbounded: Bool) {
            guard index < characters.count else { return (true, false) }
            var result: (none: Bool, unbounded: Bool)
            switch characters[index] {
            case "*", "+":
                index += 1
                result = (false, true)
            case "?":
                index += 1
                result = (false, false)
            case "{":
                guard let close = characters[index...].firstIndex(of: "}") else { return (true, false) }
                let parts = String(characters[(index + 1)..<close]).split(
                    separator: ",", omittingEmptySubsequences: false)
                guard (1...2).contains(parts.count), parts.allSatisfy({ $0.allSatisfy(\.isNumber) }), !parts[0].isEmpty
                else { return (true, false) }
                index = close + 1
                let upper = parts.count == 1 ? Int(parts[0]) : Int(parts[1])
                result = (false, upper.map { $0 > 8 } ?? true)
            default:
                return (true, false)
            }
            if index < characters.count, characters[index] == "?" || characters[index] == "+" { index += 1 }
            return result
        }

        /// The index after the `]` closing the class opened at `start`.
        func endOfClass(from start: Int) -> Int {
            var index = start + 1
            if index < characters.count, characters[index] == "^" { index += 1 }
            if index < characters.count, characters[index] == "]" { index += 1 }
            while index < characters.count {
                if characters[index] == "\\" {
                    index += 2
                    continue
                }
                if characters[index] == "]" { return index + 1 }
                index += 1
            }
            return characters.count
        }
    }
}
