#if Running
    import FlowEngine
    import FlowModel
    import FlowrunFoundation

    /// Remembers the actions of a run that never reached the authority (the client's `unexpected` outcome with
    /// `error: transport_error`), so that the run can name them on standard error at its end: the flow itself
    /// shows only its own generic message for `unexpected`.
    actor TransportProblems {
        private(set) var problems: [String] = []

        func record(_ action: String, _ result: ActionResult) {
            guard result.outcome == "unexpected", result.data["error"] == .string("transport_error") else { return }
            let description = result.data["errorDescription"]?.stringValue ?? "no answer"
            problems.append("\(action): \(description)")
        }
    }

    /// An authority that hands every answer of `base` to ``TransportProblems`` on its way back.
    struct ProblemRecordingAuthority: Authority {
        let base: any Authority
        let problems: TransportProblems

        var catalog: ActionCatalog { base.catalog }

        func perform(_ action: String, arguments: [String: Value], continuation: AuthorityContinuation?) async throws
            -> ActionResult
        {
            let result = try await base.perform(action, arguments: arguments, continuation: continuation)
            await problems.record(action, result)
            return result
        }
    }
#endif
