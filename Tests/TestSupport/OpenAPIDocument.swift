import FlowModel
import FlowrunFoundation
import Foundation
import Yams

/// An OpenAPI document of `schemas/` (`native-auth.openapi.yaml`, `flow-api.openapi.yaml`), read with Yams, and a small JSON Schema checker for response bodies:
/// `$ref`, `type`, `required`, `properties`, `additionalProperties`, `items`, `minItems`, `enum`, `const`,
/// `allOf`, `anyOf`, `oneOf`. Formats and string patterns are not checked.
public struct OpenAPIDocument {
    /// A documented answer: a path template, a lower-case method and a status (`default` excluded).
    public struct Answer: Hashable, CustomStringConvertible, Sendable {
        public var path: String
        public var method: String
        public var status: String
        public var description: String { "\(method.uppercased()) \(path) \(status)" }

        public init(path: String, method: String, status: String) {
            self.path = path
            self.method = method
            self.status = status
        }
    }

    public struct Unreadable: Error, CustomStringConvertible {
        public var description: String
    }

    private let root: [String: Any]

    /// The repository's `schemas/NAME` (by default `native-auth.openapi.yaml`), found from this source file.
    public static func load(_ name: String = "native-auth.openapi.yaml") throws -> OpenAPIDocument {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("schemas/" + name)
        let text = try String(contentsOf: file, encoding: .utf8)
        guard let root = try Yams.load(yaml: text) as? [String: Any] else {
            throw Unreadable(description: "\(file.path) is not a mapping")
        }
        return OpenAPIDocument(root: root)
    }

    private var paths: [String: Any] { root["paths"] as? [String: Any] ?? [:] }

    /// The path templates.
    public var pathTemplates: Set<String> { Set(paths.keys) }

    /// The document's `info.description`: what holds for every path.
    public var description: String? { (root["info"] as? [String: Any])?["description"] as? String }

    /// Every documented (path, method, status) but `default`.
    public var answers: Set<Answer> {
        var answers: Set<Answer> = []
        for (path, item) in paths {
            guard let item = item as? [String: Any] else { continue }
            for method in ["get", "post", "put", "delete", "patch"] {
                guard let operation = item[method] as? [String: Any],
                    let responses = operation["responses"] as? [String: Any]
                else { continue }
                for status in responses.keys where status != "default" {
                    answers.insert(Answer(path: path, method: method, status: status))
                }
            }
        }
        return answers
    }

    /// The form parameters of a POST path: all of them and the required ones.
    public func formParameters(_ path: String) -> (all: Set<String>, required: Set<String>, closed: Bool)? {
        guard let item = paths[path] as? [String: Any], let post = item["post"] as? [String: Any],
            let body = post["requestBody"] as? [String: Any], let content = body["content"] as? [String: Any],
            let form = content["application/x-www-form-urlencoded"] as? [String: Any],
            let schema = resolve(form["schema"]) as? [String: Any],
            let properties = schema["properties"] as? [String: Any]
        else { return nil }
        let required = Set(schema["required"] as? [String] ?? [])
        return (Set(properties.keys), required, (schema["additionalProperties"] as? Bool) == false)
    }

    /// The JSON schema of the answer with `status` (else `default`) of `method` on `path`; nil when undocumented.
    public func responseSchema(path: String, method: String, status: Int) -> Any? {
        guard let item = paths[path] as? [String: Any], let operation = item[method] as? [String: Any],
            let responses = operation["responses"] as? [String: Any],
            let response = resolve(responses[String(status)] ?? responses["default"]) as? [String: Any],
            let content = response["content"] as? [String: Any],
            let json = content["application/json"] as? [String: Any]
        else { return nil }
        return json["schema"]
    }

    /// A component schema, e.g. `Error`.
    public func schema(named name: String) -> Any? {
        resolve(["$ref": "#/components/schemas/\(name)"])
    }

    /// Follows `$ref`s inside this document.
    public func resolve(_ node: Any?) -> Any? {
        var node = node
        var hops = 0
        while let object = node as? [String: Any], let reference = object["$ref"] as? String, hops < 32 {
            guard reference.hasPrefix("#/") else { return nil }
            var target: Any? = root
            for key in reference.dropFirst(2).split(separator: "/") {
                target = (target as? [String: Any])?[String(key)]
            }
            node = target
            hops += 1
        }
        return node
    }

    /// What in `value` disagrees with `schema`; empty when it conforms.
    public func problems(_ value: Value, against schema: Any?, at location: String = "$") -> [String] {
        guard let schema = resolve(schema) as? [String: Any] else { return ["\(location): no readable schema"] }
        var found: [String] = []
        for part in schema["allOf"] as? [Any] ?? [] { found += problems(value, against: part, at: location) }
        if let choices = schema["anyOf"] as? [Any],
            !choices.contains(where: { problems(value, against: $0, at: location).isEmpty })
        {
            found.append("\(location): matches none of anyOf")
        }
        if let choices = schema["oneOf"] as? [Any],
            choices.filter({ problems(value, against: $0, at: location).isEmpty }).count != 1
        {
            found.append("\(location): does not match exactly one of oneOf")
        }
        if let type = schema["type"] {
            let types = (type as? [String]) ?? [(type as? String) ?? ""]
            if !types.contains(where: { Self.has(value, type: $0) }) {
                found.append("\(location): not of type \(types)")
            }
        }
        if let constant = schema["const"], !Self.equal(value, constant) {
            found.append("\(location): is not \(constant)")
        }
        if let choices = schema["enum"] as? [Any], !choices.contains(where: { Self.equal(value, $0) }) {
            found.append("\(location): is not one of \(choices)")
        }
        switch value {
        case .object(let fields): found += objectProblems(fields, schema, location)
        case .list(let items): found += listProblems(items, schema, location)
        default: break
        }
        return found
    }

    private func objectProblems(_ fields: [String: Value], _ schema: [String: Any], _ location: String) -> [String] {
        var found: [String] = []
        for key in schema["required"] as? [String] ?? [] where fields[key] == nil {
            found.append("\(location): missing required key \(key)")
        }
        let properties = schema["properties"] as? [String: Any] ?? [:]
        for (key, field) in fields {
            if let property = properties[key] {
                found += problems(field, against: property, at: "\(location).\(key)")
            } else if let additional = schema["additionalProperties"] {
                if (additional as? Bool) == false {
                    found.append("\(location): undocumented key \(key)")
                } else if additional is [String: Any] {
                    found += problems(field, against: additional, at: "\(location).\(key)")
                }
            }
        }
        return found
    }

    private func listProblems(_ items: [Value], _ schema: [String: Any], _ location: String) -> [String] {
        var found: [String] = []
        if let minimum = schema["minItems"] as? Int, items.count < minimum {
            found.append("\(location): fewer than \(minimum) items")
        }
        if let itemSchema = schema["items"] {
            for (index, item) in items.enumerated() {
                found += problems(item, against: itemSchema, at: "\(location)[\(index)]")
            }
        }
        return found
    }

    private static func has(_ value: Value, type: String) -> Bool {
        switch (type, value) {
        case ("string", .string), ("integer", .integer), ("number", .integer), ("number", .number),
            ("boolean", .boolean), ("array", .list), ("object", .object), ("null", .null):
            return true
        default:
            return false
        }
    }

    private static func equal(_ value: Value, _ literal: Any) -> Bool {
        switch value {
        case .string(let text): return (literal as? String) == text
        case .integer(let number): return (literal as? Int) == number
        case .number(let number): return (literal as? Double) == number
        case .boolean(let flag): return (literal as? Bool) == flag
        case .null: return literal is NSNull
        case .list, .object: return false
        }
    }
}
