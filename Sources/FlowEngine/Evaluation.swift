import FlowModel
import FlowrunFoundation

/// Values, templates and secrets of the running frame.
extension Interpreter {
    /// The value of a `with`, `set` or `output` entry. A template that is exactly one `${name}` passes the
    /// variable's value unchanged; any other template renders to a string (secrets included: this is what
    /// the authority receives, never what is shown).
    func evaluate(_ expression: ValueExpression, step: ProgramStep?) throws(EngineError) -> Value {
        switch expression {
        case .template(let template):
            if let sole = template.soleVariable { return try lookup(sole, step: step) }
            return .string(try render(template, step: step, masked: false))
        case .integer(let value): return .integer(value)
        case .number(let value): return .number(value)
        case .boolean(let value): return .boolean(value)
        case .list(let items):
            var values: [Value] = []
            for item in items { values.append(try evaluate(item, step: step)) }
            return .list(values)
        }
    }

    /// A template as text. Shown text (`masked`) replaces every secret variable with ``Masking/mask``.
    func render(_ template: Template, step: ProgramStep?, masked: Bool = true) throws(EngineError) -> String {
        // Plain text (most labels and messages) is shared, not copied.
        if template.parts.count == 1, case .text(let literal) = template.parts[0] { return literal }
        var text = ""
        for part in template.parts {
            switch part {
            case .text(let literal):
                text += literal
            case .variable(let reference):
                let secret = session.frames.last?.secretNames.contains(reference.name) ?? false
                text += masked && secret ? Masking.mask : try lookup(reference, step: step).description
            }
        }
        return text
    }

    /// An optional template as shown text.
    func render(_ template: Template?, step: ProgramStep?) throws(EngineError) -> String? {
        guard let template else { return nil }
        return try render(template, step: step, masked: true)
    }

    /// The value of `name.field…` in the running frame.
    func lookup(_ reference: VariableReference, step: ProgramStep?) throws(EngineError) -> Value {
        guard var value = session.frames.last?.variables[reference.name] else {
            let place = step.map { " at step `\($0.name.value)`" } ?? ""
            let why =
                session.frames.last?.secretNames.contains(reference.name) == true
                ? " (secrets are not kept in saved sessions: ask for it again after a resume)" : ""
            throw EngineError(.missingValue(reference.name), "`\(reference.name)` has no value\(place)\(why)")
        }
        for field in reference.fields {
            value = value[field: field] ?? .null
        }
        return value
    }

    /// Whether a value is derived from a secret: it reads a secret variable anywhere (a copy, or a longer text
    /// that embeds it), so it must stay secret too.
    func isSecret(_ expression: ValueExpression) -> Bool {
        guard let secrets = session.frames.last?.secretNames, !secrets.isEmpty else { return false }
        return expression.variables.contains { secrets.contains($0.name) }
    }

    /// The names whose values are secret in `program`: secret inputs and params, and the secret data of the
    /// outcomes of the actions it calls, as the catalog it was checked against declares them.
    func secretNames(of program: Program) -> Set<String> {
        var names = Set(program.inputs.filter(\.secret).map(\.name.value))
        names.formUnion(program.params.filter(\.secret).map(\.name.value))
        for action in program.actions.values {
            for data in action.outcomeData.values {
                names.formUnion(data.filter { $0.value.secret }.map(\.key))
            }
        }
        return names
    }

    /// The request of an `ask` step, with labels and hints rendered (and no refusal of an earlier answer).
    func askRequest(
        _ names: [String], hint: Template?, choices: [String: Program.EdgeIndex], step: ProgramStep,
        program: Program
    ) throws(EngineError) -> InputRequest {
        var fields: [InputField] = []
        fields.reserveCapacity(names.count)
        for name in names {
            guard let input = program.input(named: name) else { continue }
            var field = InputField(
                name: name, type: input.type, label: try render(input.label, step: step) ?? name,
                hint: try render(input.hint, step: step), secret: input.secret,
                pattern: input.pattern?.value,
                patternMessage: try render(input.patternMessage, step: step))
            switch input.attributes {
            case .fields(let declared):
                for attribute in declared {
                    field.attributes.append(
                        AttributeRequest(
                            name: attribute.name.value,
                            label: try render(attribute.label, step: step) ?? attribute.name.value,
                            required: attribute.required, pattern: attribute.pattern?.value))
                }
            case .variable(let source):
                let descriptors = try lookup(
                    VariableReference(name: source.value, position: source.position), step: step)
                field.attributes = AttributeDescriptors.requests(from: descriptors)
            case nil:
                break
            }
            fields.append(field)
        }
        return InputRequest(
            flowID: program.id, step: step.name.value, fields: fields,
            hint: try render(hint, step: step), choices: choices.isEmpty ? [] : choices.keys.sorted())
    }
}

/// Reads attribute descriptors (`{name, type, required, regex}` objects) as attribute requests.
enum AttributeDescriptors {
    static func requests(from value: Value) -> [AttributeRequest] {
        guard case .list(let items) = value else { return [] }
        return items.compactMap { item in
            guard let name = item[field: "name"]?.stringValue else { return nil }
            var required = true
            if case .boolean(let flag) = item[field: "required"] { required = flag }
            let regex = item[field: "regex"]?.stringValue ?? item[field: "options"]?[field: "regex"]?.stringValue
            return AttributeRequest(name: name, label: name, required: required, pattern: regex)
        }
    }
}
