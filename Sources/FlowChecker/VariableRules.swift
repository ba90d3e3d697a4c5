import FlowModel

/// Variables: what can set each one and its type, type agreement, and unused declarations.
extension DocumentChecker {
    /// Collects every variable the flow can set, with its type: params, inputs, `set` names, the data of the
    /// outcomes of the actions it calls, the outputs of the sub-flows it uses, and `present: true` tests.
    mutating func declareVariables() {
        for param in document.params where variableTypes[param.name.value] == nil {
            variableTypes[param.name.value] = param.type.valueType
        }
        for input in document.inputs where variableTypes[input.name.value] == nil {
            variableTypes[input.name.value] = input.type.valueType
        }
        var actionsSeen: Set<String> = []
        for step in document.steps {
            switch step.kind {
            case .action(let action):
                guard actionsSeen.insert(action.action.value).inserted else { continue }
                for outcome in catalog?.actions[action.action.value]?.outcomes.values ?? [:].values {
                    for (name, datum) in outcome.data where variableTypes[name] == nil {
                        variableTypes[name] = datum.type
                    }
                }
            case .set(let set):
                for assignment in set.assignments where variableTypes[assignment.name.value] == nil {
                    variableTypes[assignment.name.value] = inferredType(of: assignment.value) ?? .string
                }
            case .use:
                break  // below: outputs of sub-flows take their type from the sub-flow, whatever the step order
            case .choose(let choose):
                for branch in choose.branches where variableTypes[branch.condition.rootVariable] == nil {
                    if case .present(true) = branch.condition.test {
                        variableTypes[branch.condition.rootVariable] = .string
                    }
                }
            case .ask, .end:
                break
            }
        }
        for step in document.steps {
            guard case .use(let use) = step.kind, let subprogram = subprograms[use.resolvedFile] else { continue }
            for outputs in subprogram.ends.values {
                for name in outputs where variableTypes[name] == nil {
                    variableTypes[name] = subprogram.outputTypes[name] ?? .string
                }
            }
        }
    }

    /// The type of every output of the flow's ends whose type is known; `string` where ends disagree.
    func outputTypes() -> [String: ValueType] {
        var types: [String: ValueType] = [:]
        var specs: [EndSpec] = []
        for step in steps { if case .end(let end) = step.kind { specs.append(end) } }
        for edge in edges { if case .end(let end) = edge.target { specs.append(end) } }
        for end in specs {
            for entry in end.output {
                guard let type = inferredType(of: entry.value) else { continue }
                let name = entry.name.value
                types[name] = types[name].map { $0 == type ? type : .string } ?? type
            }
        }
        return types
    }

    /// The type a value has when it is known without running the flow.
    func inferredType(of value: ValueExpression) -> ValueType? {
        switch value {
        case .template(let template):
            if let sole = template.soleVariable, sole.fields.isEmpty { return variableTypes[sole.name] }
            return .string
        case .integer: return .integer
        case .number: return .string
        case .boolean: return .boolean
        case .list: return .stringList
        }
    }

    /// Reports a value whose known type cannot be passed where `expected` is needed.
    mutating func checkType(of argument: NamedValue, expected: ValueType) {
        guard let actual = inferredType(of: argument.value), !Self.accepts(expected, actual) else { return }
        report(
            .typeMismatch,
            "`\(argument.name.value)` needs a value of type \(expected.rawValue), but this is \(actual.rawValue)",
            at: argument.name.position)
    }

    /// Whether a value of type `actual` can be passed where `expected` is needed: text types mix freely.
    static func accepts(_ expected: ValueType, _ actual: ValueType) -> Bool {
        expected == actual || (expected.isText && actual.isText) || (expected == .object && !actual.isText)
    }

    /// An `attributes` input built `from` a variable needs attribute descriptors.
    mutating func checkAttributeSource(_ source: Located<String>) {
        guard let actual = variableTypes[source.value], actual != .attributeDescriptors else { return }
        report(
            .typeMismatch,
            "`from: \(source.value)` needs attribute descriptors (such "
                + "as `requiredAttributes`), but it is \(actual.rawValue)",
            at: source.position)
    }

    /// Inputs that no `ask` collects, and params that nothing reads, are warnings.
    mutating func checkDeclarationsAreUsed() {
        var asked: Set<String> = []
        for index in document.steps.indices {
            if case .ask(let ask) = document.steps[index].kind {
                for input in ask.inputs { asked.insert(input.value) }
            }
        }
        for input in document.inputs where !asked.contains(input.name.value) {
            report(
                .unusedDeclaration, "input `\(input.name.value)` is declared but no `ask` step asks it",
                at: input.name.position)
        }
        guard !document.params.isEmpty else { return }
        let read = Set(reads.map(\.name))
        for param in document.params where !read.contains(param.name.value) {
            report(
                .unusedDeclaration, "param `\(param.name.value)` is declared but never read", at: param.name.position)
        }
    }
}
