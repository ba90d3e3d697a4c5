import FlowModel

/// Parts of a flow in the words reports use.
enum Describe {
    /// `end: success`, `fail: too_many_attempts`, `end: browser_required`.
    static func end(_ spec: EndSpec) -> String {
        switch spec.kind.value {
        case .failure: return spec.reason.map { "fail: " + $0.value } ?? "end: failure"
        case .success, .named: return "end: " + spec.kind.value.name
        }
    }

    /// ` with output a, b`, or nothing.
    static func outputs(_ spec: EndSpec) -> String {
        spec.output.isEmpty ? "" : " with output " + spec.output.map(\.name.value).joined(separator: ", ")
    }

    /// A step name in backticks, or the end.
    static func target(_ target: ProgramEdge.Target, in program: Program) -> String {
        switch target {
        case .step(let index):
            return program.steps.indices.contains(index) ? "`\(program.steps[index].name.value)`" : "a missing step"
        case .end(let spec): return end(spec)
        }
    }

    /// A template as its source in quotes, or `no text`.
    static func text(_ template: Template?) -> String {
        guard let template, !template.parts.isEmpty else { return "no text" }
        return "\"\(template.source)\""
    }

    /// `raised from 2 to 5`, `now limited to 3`, `no longer limited (was 2)`.
    static func attempts(_ attempts: Int?, was before: Int?) -> String {
        switch (before, attempts) {
        case (let before?, let attempts?):
            return "\(attempts > before ? "raised" : "lowered") from \(before) to \(attempts) attempts"
        case (nil, let attempts?): return "now limited to \(attempts) attempts"
        case (let before?, nil): return "no longer limited (was \(before) attempts)"
        case (nil, nil): return "unchanged"
        }
    }

    /// `var equals value` and the like.
    static func condition(_ condition: Condition) -> String {
        let variable = condition.variable.value
        switch condition.test {
        case .equals(let value): return "\(variable) == \(value)"
        case .notEquals(let value): return "\(variable) != \(value)"
        case .oneOf(let values): return "\(variable) in [\(values.map(\.description).joined(separator: ", "))]"
        case .present(let present): return "\(variable) \(present ? "is" : "is not") present"
        case .matches(let pattern): return "\(variable) matches /\(pattern.value)/"
        }
    }

    /// Names in backticks, joined by commas.
    static func names(_ names: [String]) -> String {
        names.map { "`\($0)`" }.joined(separator: ", ")
    }

    /// Texts in backticks, joined by commas, or `nothing`.
    static func list(_ texts: [String]) -> String {
        texts.isEmpty ? "nothing" : names(texts)
    }
}
