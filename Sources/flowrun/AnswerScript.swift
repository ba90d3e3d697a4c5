import FlowEngine
import FlowModel
import Foundation
import Yams

/// Scripted answers from `--input NAME=VALUE` options and an `--answers` YAML or JSON file (`-`: standard
/// input). Every problem is a ``UsageError``: nothing has run yet.
enum AnswerScript {
    /// Answers per input, in order: the file's first, then the options'.
    static func answers(options: [String], file: String?) throws -> [String: [Value]] {
        var answers: [String: [Value]] = [:]
        if let file {
            for (name, values) in try load(file) { answers[name, default: []] += values }
        }
        for (name, value) in try pairs(options, option: "--input") { answers[name, default: []].append(.string(value)) }
        return answers
    }

    /// `NAME=VALUE` options as pairs, in order.
    static func pairs(_ options: [String], option: String) throws -> [(String, String)] {
        try options.map { text in
            guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
                throw UsageError("\(option) takes NAME=VALUE, got `\(text)`")
            }
            return (String(text[..<equals]), String(text[text.index(after: equals)...]))
        }
    }

    private static func load(_ file: String) throws -> [String: [Value]] {
        let text: String
        if file == "-" {
            text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        } else {
            do {
                text = try String(contentsOfFile: file, encoding: .utf8)
            } catch {
                throw UsageError("cannot read the answers file \(file): \(Self.reason(error))")
            }
        }
        let document: Any?
        do {
            document = try Yams.load(yaml: text)
        } catch {
            throw UsageError("the answers file \(file) is not valid YAML or JSON: \(error)")
        }
        guard let map = document as? [String: Any] else {
            throw UsageError("the answers file \(file) must map input names to answers")
        }
        var answers: [String: [Value]] = [:]
        for (name, entry) in map {
            let values = (entry as? [Any]) ?? [entry]
            answers[name] = try values.map { try value($0, in: file) }
        }
        return answers
    }

    /// Why a file could not be read, in a few words.
    private static func reason(_ error: any Error) -> String {
        let code = (error as NSError).code
        if code == NSFileReadNoSuchFileError { return "no such file" }
        if code == NSFileReadNoPermissionError { return "permission denied" }
        return "not readable as UTF-8 text"
    }

    private static func value(_ any: Any, in file: String) throws -> Value {
        switch any {
        case let text as String: return .string(text)
        case let flag as Bool: return .string(String(flag))
        case let number as Int: return .string(String(number))
        case let number as Double: return .string(String(number))
        case let map as [String: Any]:
            var object: [String: Value] = [:]
            for (key, entry) in map { object[key] = try value(entry, in: file) }
            return .object(object)
        default:
            throw UsageError("the answers file \(file) has an answer that is not text: \(any)")
        }
    }
}
