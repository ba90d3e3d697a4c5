import FlowModel

/// Actions: the action exists, its parameters are right, and `on:` handles exactly the outcomes it can return.
extension DocumentChecker {
    mutating func buildAction(_ step: ActionStep, at index: Int) -> ProgramStep.Kind {
        recordReads(of: step.arguments, step: index)
        guard let catalog else {
            // The unknown authority is reported once for the file.
            return .action(
                name: step.action.value, arguments: step.arguments,
                outcomes: addUncheckedRoutes(step.outcomes, from: index))
        }
        guard let action = catalog.actions[step.action.value] else {
            report(
                .unknownAction, "action `\(step.action.value)` is not in the `\(catalog.authority)` catalog",
                at: step.action.position, hint: Self.unknownActionHint(step.action.value, in: catalog))
            return .action(
                name: step.action.value, arguments: step.arguments,
                outcomes: addUncheckedRoutes(step.outcomes, from: index))
        }
        let facts = actionFacts(action, named: step.action.value)
        checkArguments(step, against: action, requiring: facts.requiredParameters)
        let outcomes = routeOutcomes(
            step.outcomes, declared: facts.outcomes, from: index,
            subject: "action `\(step.action.value)`", unhandled: .unhandledOutcome, impossible: .impossibleOutcome,
            noun: "outcome")
        return .action(name: step.action.value, arguments: step.arguments, outcomes: outcomes)
    }

    /// FR104's hint: the action meant when the name is a likely typo, else the three closest actions (those of
    /// the same group, such as `signIn.`, first); and where to read them all.
    static func unknownActionHint(_ name: String, in catalog: ActionCatalog) -> String {
        let list = "`flowrun catalog` lists every action"
        if let meant = Spelling.suggestion(for: name, among: catalog.actions.keys) {
            return "did you mean `\(meant)`? (\(list))"
        }
        let group = name.split(separator: ".").first.map { $0.lowercased() + "." } ?? ""
        let closest = catalog.actions.keys.sorted {
            let left = ($0.lowercased().hasPrefix(group) ? 0 : 1, Spelling.editDistance(name, $0), $0)
            let right = ($1.lowercased().hasPrefix(group) ? 0 : 1, Spelling.editDistance(name, $1), $1)
            return left < right
        }
        return "the closest actions are " + closest.prefix(3).map { "`\($0)`" }.joined(separator: ", ") + " (\(list))"
    }

    /// What the rules need of a catalog action, worked out once per action a document calls.
    mutating func actionFacts(_ action: CatalogAction, named name: String) -> ActionFacts {
        if let known = actionFactsByName[name] { return known }
        let facts = ActionFacts(
            outcomes: DeclaredOutcomes(action.outcomes.mapValues { Set($0.data.keys) }),
            requiredParameters: action.parameters.filter(\.value.required).keys.sorted())
        actionFactsByName[name] = facts
        return facts
    }

    /// `requiring`: the names of the action's required parameters, sorted.
    private mutating func checkArguments(_ step: ActionStep, against action: CatalogAction, requiring: [String]) {
        for argument in step.arguments {
            guard let parameter = action.parameters[argument.name.value] else {
                let known = action.parameters.keys.sorted().map { "`\($0)`" }.joined(separator: ", ")
                let suggestion = Spelling.suggestion(for: argument.name.value, among: action.parameters.keys)
                report(
                    .unknownParameter,
                    "`\(step.action.value)` takes no parameter `\(argument.name.value)`"
                        + (known.isEmpty ? "; it takes none" : "; it takes \(known)"),
                    at: argument.name.position, hint: suggestion.map { "did you mean `\($0)`?" })
                continue
            }
            checkType(of: argument, expected: parameter.type)
        }
        let missing = requiring.filter { name in !step.arguments.contains { $0.name.value == name } }
        if !missing.isEmpty {
            let names = missing.map { "`\($0)`" }.joined(separator: ", ")
            report(
                .missingParameter, "`\(step.action.value)` needs \(names) under `with:`", at: step.action.position)
        }
    }

    /// Routes every declared outcome (or sub-flow end) to an edge, reporting unhandled, impossible and
    /// redundant entries. `declared` maps each name to the variables it sets.
    mutating func routeOutcomes(
        _ map: OutcomeMap, declared: DeclaredOutcomes, from index: Int, subject: @autoclosure () -> String,
        unhandled: RuleCode, impossible: RuleCode, noun: String
    ) -> [String: Int] {
        var routes = [String: Int](minimumCapacity: declared.names.count)
        for handler in map.handlers {
            let name = handler.outcome.value
            guard let assigns = declared.variables[name] else {
                let suggestion = Spelling.suggestion(for: name, among: declared.names)
                let known = declared.names.map { "`\($0)`" }.joined(separator: ", ")
                report(
                    impossible, "\(subject()) can never give \(noun) `\(name)`; it gives \(known)",
                    at: handler.outcome.position, hint: suggestion.map { "did you mean `\($0)`?" })
                // Never taken, so it constrains no variable.
                addEdge(from: index, label: .outcome(name), handler.transition, assigns: allVariables)
                continue
            }
            routes[name] = addEdge(from: index, label: .outcome(name), handler.transition, assigns: assigns)
        }
        // A handler of a declared outcome is always routed: the rest are the names no handler names.
        let rest = declared.names.filter { name in !map.handlers.contains { $0.outcome.value == name } }
        if let otherwise = map.otherwise {
            if rest.isEmpty {
                report(
                    .redundantOtherwise, "`otherwise` can never be taken: every \(noun) of \(subject()) is handled",
                    at: otherwise.position)
            }
            // What every outcome that `otherwise` takes sets.
            var shared: Set<String>?
            for name in rest {
                let next = declared.variables[name] ?? []
                shared = shared.map { $0.intersection(next) } ?? next
                if shared?.isEmpty == true { break }
            }
            let edge = addEdge(from: index, label: .otherwise, otherwise, assigns: shared ?? allVariables)
            for name in rest { routes[name] = edge }
        } else if !rest.isEmpty {
            let names = rest.map { "`\($0)`" }.joined(separator: ", ")
            report(
                unhandled, "\(subject()) can give \(noun)\(rest.count == 1 ? "" : "s") \(names), not handled in `on:`",
                at: map.position)
        }
        return routes
    }
}

extension DocumentChecker {
    /// Routes the handlers of an action or `use` whose outcomes are unknown (unknown catalog or action, or a
    /// broken sub-flow). Their edges may set anything, and unknown variable names are no longer reported.
    mutating func addUncheckedRoutes(_ map: OutcomeMap, from index: Int) -> [String: Int] {
        variablesAreIncomplete = true
        var routes: [String: Int] = [:]
        for handler in map.handlers {
            routes[handler.outcome.value] = addEdge(
                from: index, label: .outcome(handler.outcome.value), handler.transition, assigns: allVariables)
        }
        if let otherwise = map.otherwise { addEdge(from: index, label: .otherwise, otherwise, assigns: allVariables) }
        return routes
    }

    /// Every variable the flow can set: what an edge that is never taken, or not understood, may assume.
    var allVariables: Set<String> { Set(variableTypes.keys) }
}

/// The outcomes (or sub-flow ends) a step can be given, each with the variables it sets.
struct DeclaredOutcomes {
    let variables: [String: Set<String>]
    /// The outcome names, sorted.
    let names: [String]

    init(_ variables: [String: Set<String>]) {
        self.variables = variables
        self.names = variables.keys.sorted()
    }
}

/// A catalog action as the rules use it.
struct ActionFacts {
    var outcomes: DeclaredOutcomes
    /// The names of the parameters the action requires, sorted.
    var requiredParameters: [String]
}
