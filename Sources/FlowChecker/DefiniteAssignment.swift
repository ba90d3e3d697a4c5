import FlowModel

/// Proves that every variable read is set on every path that reaches the read.
extension DocumentChecker {
    mutating func checkDefiniteAssignment(_ analysis: GraphAnalysis) {
        let setOnEntry = variablesSetOnEntry(analysis)
        for read in reads {
            guard variableTypes[read.name] != nil || variablesAreIncomplete else {
                let suggestion = Spelling.suggestion(for: read.name, among: variableTypes.keys)
                report(
                    .unknownVariable, "no step sets a variable `\(read.name)`", at: read.position,
                    hint: suggestion.map { "did you mean `\($0)`?" })
                continue
            }
            guard variableTypes[read.name] != nil, let entry = setOnEntry[read.step] else { continue }
            let setAlongEdge = read.edge.map { edgeAssigns[$0].contains(read.name) } ?? false
            guard !entry.contains(read.name), !setAlongEdge else { continue }
            report(
                .maybeUnset, "`\(read.name)` may be unset here", at: read.position,
                hint: unsetPathHint(for: read.name, at: read.step, setOnEntry: setOnEntry, analysis: analysis))
        }
    }

    /// For each reachable step, the variables set on every path from `start` to it.
    private func variablesSetOnEntry(_ analysis: GraphAnalysis) -> [Set<String>?] {
        var entry = [Set<String>?](repeating: nil, count: steps.count)
        guard let start = stepIndex[document.start.value] else { return entry }
        entry[start] = Set(document.params.map(\.name.value))
        var worklist = [start]
        while let step = worklist.popLast() {
            guard let here = entry[step] else { continue }
            for edge in analysis.outgoing[step] {
                guard let destination = edgeDestination[edge] else { continue }
                let assigns = edgeAssigns[edge]
                let leaving = assigns.isEmpty ? here : here.union(assigns)
                if let known = entry[destination] {
                    // Only what is set on this way in too stays set on entry.
                    guard !known.isSubset(of: leaving) else { continue }
                    entry[destination] = known.intersection(leaving)
                } else {
                    entry[destination] = leaving
                }
                worklist.append(destination)
            }
        }
        return entry
    }

    /// Names one way into `step` on which `name` is not set.
    private func unsetPathHint(
        for name: String, at step: Int, setOnEntry: [Set<String>?], analysis: GraphAnalysis
    ) -> String {
        if step == stepIndex[document.start.value] {
            return "`\(name)` is read in the first step, before anything sets it"
        }
        for edge in analysis.reachableEdges where edgeDestination[edge] == step {
            let from = edges[edge].from
            guard let before = setOnEntry[from], !before.union(edgeAssigns[edge]).contains(name) else { continue }
            return "it is not set on the way from `\(steps[from].name.value)` (line \(edges[edge].position.line))"
        }
        return "set it on every path to this step"
    }
}
