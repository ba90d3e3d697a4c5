import FlowModel

/// What a rule means, with an example that breaks it and the same example fixed: the text of
/// `flowrun explain CODE` and of the diagnostics reference.
public struct RuleExplanation: Sendable, Hashable {
    public var code: RuleCode
    /// What the rule reports, and why, in a few sentences.
    public var meaning: String
    public var broken: Example
    public var fixed: Example

    init(_ code: RuleCode, meaning: String, broken: Example, fixed: Example) {
        self.code = code
        self.meaning = meaning
        self.broken = broken
        self.fixed = fixed
    }

    /// The rule explained: its severity, title and hint (a test checks every rule has one explanation).
    public var rule: Rule? { Rule.catalog[code] }

    /// The explanation of a code, by its code (`FR115`, case-insensitive).
    public static func named(_ code: String) -> RuleExplanation? {
        byCode[RuleCode(rawValue: code.uppercased())]
    }

    private static let byCode = Dictionary(uniqueKeysWithValues: all.map { ($0.code, $0) })

    /// An example: files a reader can validate, or, where a file cannot show it (a file over the size limit),
    /// the situation in words.
    public enum Example: Sendable, Hashable {
        case situation(String)
        /// The first file is the one validated; the others are its sub-flows, `authority.yaml` (given with
        /// `--config`) or `flowrun.yaml`.
        case files([ExampleFile])
    }
}

/// One file of an example: its path relative to the example's folder, and its text.
public struct ExampleFile: Sendable, Hashable {
    public var path: String
    public var text: String

    public init(_ path: String, _ text: String) {
        self.path = path
        self.text = text.hasSuffix("\n") ? text : text + "\n"
    }
}
