import FlowModel
import NativeAuthServer
import NativeAuthWire

extension FlowPages {
    /// `GET /ui/{id}` of a flow that opens on an ask, with ``openOnFirstAsk``: the first ask's form, made without
    /// a session, so that the GET has no side effect; its form posts to `/ui/{id}`, which starts the session and
    /// answers it. Nil when the flow does not open on an ask.
    func firstAskPage(_ flow: ServedFlow, _ page: PageContext) async -> MountedResponse? {
        guard openOnFirstAsk, let record = await sessions.firstAsk(flow, locale: page.locale) else { return nil }
        let view = SessionPage(
            record, flow: flow, csrf: page.csrf,
            newPassword: record.ask.map { PageField.asksNewPassword($0, in: flow.program) } ?? false,
            codes: nil, words: page.words, choiceLabel: { choice in choiceLabel(choice, of: record.ask, page) },
            formAction: "/ui/\(flow.id)")
        return render("session", view, flow.name(in: page.locale), page)
    }

    /// `request`, a form posted to `/ui/{id}`, when it answers the first ask ``firstAskPage(_:_:)`` showed (it
    /// names an action or a choice); nil for the start page's Start button, or without ``openOnFirstAsk``.
    func firstAnswer(_ request: MountedRequest, _ flow: ServedFlow) -> MountedRequest? {
        guard openOnFirstAsk, FlowSessions.opensOnAsk(flow) else { return nil }
        let form = FormBody.decodePairs(String(decoding: request.body, as: UTF8.self)) ?? []
        return form.contains { $0.name == "action" || $0.name == "choice" } ? request : nil
    }
}
