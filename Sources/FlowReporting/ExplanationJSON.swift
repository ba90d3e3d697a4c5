import FlowModel
import Foundation

extension ExplanationReport {
    /// Every rule (or one) as JSON, for editors and tests: code, severity, title, hint, meaning, and each
    /// example as `{"situation": …}` or `{"files": [{"path", "text"}]}`.
    public static func json(_ explanations: [RuleExplanation] = RuleExplanation.all) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let entries = explanations.map(Entry.init)
        return String(decoding: try encoder.encode(entries), as: UTF8.self) + "\n"
    }

    private struct Entry: Encodable {
        var code: String
        var severity: String?
        var title: String?
        var hint: String?
        var meaning: String
        var broken: ExampleEntry
        var fixed: ExampleEntry

        init(_ explanation: RuleExplanation) {
            code = explanation.code.rawValue
            severity = explanation.rule?.severity.rawValue
            title = explanation.rule?.title
            hint = explanation.rule?.hint
            meaning = explanation.meaning
            broken = ExampleEntry(explanation.broken)
            fixed = ExampleEntry(explanation.fixed)
        }
    }

    private struct ExampleEntry: Encodable {
        var situation: String?
        var files: [FileEntry]?

        init(_ example: RuleExplanation.Example) {
            switch example {
            case .situation(let words): situation = words
            case .files(let list): files = list.map { FileEntry(path: $0.path, text: $0.text) }
            }
        }
    }

    private struct FileEntry: Encodable {
        var path: String
        var text: String
    }
}
