#if Running
    import FlowEngine
    import FlowModel
    import FlowrunFoundation

    /// Checks the params and scripted answers of `flowrun run` against what the flow declares, before it runs:
    /// a missing param, or a param or input the flow does not know (a typo that would otherwise be ignored), is a
    /// usage error that names the closest known name.
    enum RunArguments {
        /// `params` is nil for a resumed run, whose params are in its session.
        static func check(params: [String: Value]?, answers: [String: [Value]], program: Program) throws(UsageError) {
            if let params { try check(params: params, program: program) }
            let inputs = inputNames(of: program)
            for name in answers.keys.sorted() where !inputs.contains(name) {
                throw UsageError(
                    "--input \(name): the flow `\(program.id)` asks no input `\(name)`"
                        + suggestion(name, among: inputs, option: "--input") + known("inputs", inputs.sorted()))
            }
        }

        private static func check(params: [String: Value], program: Program) throws(UsageError) {
            let declaredParams = program.params.map(\.name.value)
            for name in params.keys.sorted() where !declaredParams.contains(name) {
                throw UsageError(
                    "--param \(name): the flow `\(program.id)` has no param `\(name)`"
                        + suggestion(name, among: declaredParams, option: "--param")
                        + known("params", declaredParams))
            }
            let missing = declaredParams.filter { params[$0] == nil }
            if !missing.isEmpty {
                throw UsageError(
                    "the flow `\(program.id)` needs "
                        + missing.map { "--param \($0)=VALUE" }.joined(separator: " "))
            }
        }

        /// The inputs a run may ask: the flow's and those of every sub-flow it uses.
        static func inputNames(of program: Program) -> Set<String> {
            var names = Set(program.inputs.map(\.name.value))
            for subflow in program.subflows.values { names.formUnion(inputNames(of: subflow)) }
            return names
        }

        /// The `attributes` inputs a run may ask, whose answers `--input NAME.FIELD=VALUE` gives.
        static func attributeInputNames(of program: Program) -> Set<String> {
            var names = Set(program.inputs.filter { $0.type == .attributes }.map(\.name.value))
            for subflow in program.subflows.values { names.formUnion(attributeInputNames(of: subflow)) }
            return names
        }

        private static func suggestion(_ name: String, among names: some Sequence<String>, option: String) -> String {
            Spelling.suggestion(for: name, among: names).map { "; did you mean \(option) \($0)=…?" } ?? ""
        }

        private static func known(_ what: String, _ names: [String]) -> String {
            names.isEmpty ? " (it declares no \(what))" : " (it declares: \(names.joined(separator: ", ")))"
        }
    }
#endif
