import FlowEngine
import FlowModel
import FlowrunFoundation

extension FlowSessions {
    /// Whether `flow` opens on an ask: its first step is an ask, so that its first page can be shown before any
    /// action runs, without a session.
    public static func opensOnAsk(_ flow: ServedFlow) -> Bool {
        guard flow.program.steps.indices.contains(flow.program.start) else { return false }
        if case .ask = flow.program.steps[flow.program.start].kind { return true }
        return false
    }

    /// The first ask of `flow` as a session would show it, made without a session: nothing is stored, counted or
    /// sent, and no authority action runs (one would be refused); its texts in `locale` (nil: the flow's own). Nil
    /// unless the flow ``opensOnAsk(_:)``.
    func firstAsk(_ flow: ServedFlow, locale: String? = nil) async -> SessionRecord? {
        guard Self.opensOnAsk(flow) else { return nil }
        let input = OneAnswer(nil)
        let messages = ShownMessages()
        let authority = NoActionAuthority(catalog: authority().catalog)
        let outcome = await runner(flow, locale: locale, authority: authority, input: input, messages: messages)
            .start(params: [:])
        let record = Self.record(id: "", flow: flow.id, version: 0, outcome: outcome, input: input, messages: messages)
        return record.state == .asking && record.ask != nil ? record : nil
    }
}

/// An authority that refuses every action: the one of a flow run only to its first ask.
private struct NoActionAuthority: Authority {
    struct Refused: Error {}

    let catalog: ActionCatalog

    func perform(_ action: String, arguments: [String: Value], continuation: AuthorityContinuation?) async throws
        -> ActionResult
    {
        throw Refused()
    }
}
