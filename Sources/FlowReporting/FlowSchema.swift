import FlowModel
import FlowrunFoundation
import Foundation

/// The JSON Schema of flow files (schemas/flow.schema.json) for the flows of one action catalog: the base
/// schema with its `catalogActions` definition written for that catalog, so an editor completes the catalog's
/// action names, each action's `with` parameters and its outcome names in `on`.
public enum FlowSchema {
    /// The authority flows use when they name none; its flows need no `authority:` to get its actions.
    static let defaultAuthority = "native-auth"

    /// The schema for flows of `catalog`, as pretty-printed JSON with sorted keys.
    public static func json(for catalog: ActionCatalog) throws -> String {
        guard case .object(var root) = try JSONDecoder().decode(Value.self, from: Data(nativeAuthJSON.utf8)),
            case .object(var definitions)? = root["$defs"]
        else { throw SchemaError() }
        definitions["catalogActions"] = catalogActions(catalog)
        root["$defs"] = .object(definitions)
        if catalog.authority != defaultAuthority {
            root["$id"] = nil
            root["title"] = .string("flowrun flow of the `\(catalog.authority)` catalog")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(Value.object(root)), as: UTF8.self) + "\n"
    }

    /// The embedded base schema cannot be read: a build problem, not bad input.
    struct SchemaError: Error, CustomStringConvertible {
        var description: String { "the embedded flow schema is not a JSON object with `$defs`" }
    }

    /// For the flows of the catalog (by `authority:`), each action step's `action`, `with` and `on`.
    static func catalogActions(_ catalog: ActionCatalog) -> Value {
        let named: Value = [
            "properties": ["authority": ["const": .string(catalog.authority)]], "required": ["authority"],
        ]
        let condition: Value =
            catalog.authority == defaultAuthority ? ["anyOf": [["not": ["required": ["authority"]]], named]] : named
        let names = catalog.actions.keys.sorted()
        let actionStep: Value = [
            "properties": [
                "action": [
                    "description": .string("An action of the `\(catalog.authority)` catalog."),
                    "enum": .list(names.map(Value.string)),
                ]
            ],
            "allOf": .list(names.compactMap { name in catalog.actions[name].map { clause(name, $0) } }),
        ]
        return [
            "description": .string(
                "The actions of the `\(catalog.authority)` catalog, for the action steps of a flow of that catalog. "
                    + "Generated from the catalog by scripts/schema-actions.py (`flowrun schema --catalog FILE` for "
                    + "another catalog): edit the catalog, not this definition."),
            "if": condition,
            "then": [
                "properties": ["steps": ["additionalProperties": ["if": ["required": ["action"]], "then": actionStep]]]
            ],
        ]
    }

    /// When the step calls `name`: the parameter names of `with` (the required ones required) and the outcome
    /// names of `on`, each with the catalog's description.
    static func clause(_ name: String, _ action: CatalogAction) -> Value {
        var onProperties: [String: Value] = [:]
        for (outcome, spec) in action.outcomes {
            let data = spec.data.keys.sorted().map { "`\($0)`" }.joined(separator: ", ")
            let text =
                (spec.error ? "Error. " : "") + (spec.description ?? "") + (data.isEmpty ? "" : " Data: \(data).")
            onProperties[outcome] = ["description": .string(text), "$ref": "#/$defs/transition"]
        }
        onProperties["otherwise"] = [
            "description": "Taken for every outcome not named in this map.", "$ref": "#/$defs/transition",
        ]
        var with: [String: Value] = [
            "propertyNames": ["enum": .list(action.parameters.keys.sorted().map(Value.string))],
            "properties": .object(action.parameters.mapValues { ["description": .string(note($0))] }),
        ]
        var then: [String: Value] = [:]
        let required = action.parameters.filter(\.value.required).keys.sorted()
        if !required.isEmpty {
            with["required"] = .list(required.map(Value.string))
            then["required"] = ["with"]
        }
        then["properties"] = [
            "with": .object(with),
            "on": [
                "propertyNames": ["enum": .list((action.outcomes.keys.sorted() + ["otherwise"]).map(Value.string))],
                "properties": .object(onProperties),
            ],
        ]
        return [
            "if": ["properties": ["action": ["const": .string(name)]], "required": ["action"]], "then": .object(then),
        ]
    }

    /// `(email, required, secret) The user's username…` for a parameter.
    static func note(_ value: CatalogValue) -> String {
        let flags = [value.type.rawValue] + (value.required ? ["required"] : []) + (value.secret ? ["secret"] : [])
        return "(\(flags.joined(separator: ", "))) \(value.description ?? "")".trimmingCharacters(in: .whitespaces)
    }
}
