import FlowEngine
import FlowModel

extension ServedFlow {
    /// The flow's title, else its id.
    var name: String { title ?? id }
}

/// The layout around every page.
struct LayoutPage {
    var title: String
    var body: String
}

/// `/`: the flows served.
struct FlowListPage {
    struct Item {
        var id: String
        var title: String
        var description: String?
    }

    var flows: [Item]

    init(flows: [ServedFlow]) {
        self.flows = flows.map { Item(id: $0.id, title: $0.name, description: $0.description) }
    }
}

/// `/ui/{id}`: a flow and its Start button.
struct StartPage {
    var id: String
    var title: String
    var description: String?
    var csrf: String
    var note: String?

    init(_ flow: ServedFlow, csrf: String, note: String? = nil) {
        id = flow.id
        title = flow.name
        description = note ?? flow.description
        self.csrf = csrf
        self.note = note
    }
}

/// `/ui/{id}/session`: the ask to answer, or how the flow ended, with the messages shown since the last answer.
struct SessionPage {
    struct Ask {
        var hint: String?
        var problem: String?
        var fields: [PageField]
        var choices: [String]
    }

    struct End {
        var outcome: String
        var heading: String
        var message: String?
        var reason: String?
        var output: [Output]
        var hasOutput: Bool
    }

    struct Output {
        var name: String
        var value: String
    }

    struct Outbox {
        var codes: [FlowPages.DevCode]
    }

    var id: String
    var title: String
    var csrf: String
    var messages: [String]
    var hasMessages: Bool
    var ask: Ask?
    var end: End?
    var outbox: Outbox?

    init(
        _ record: SessionRecord, flow: ServedFlow, csrf: String, newPassword: Bool, codes: [FlowPages.DevCode]?,
        email: String? = nil
    ) {
        id = flow.id
        title = flow.name
        self.csrf = csrf
        // The end's own message is shown with the end, not a second time above it.
        messages = record.messages
        if record.state == .ended, let last = messages.last, last == record.end?.message { messages.removeLast() }
        hasMessages = !messages.isEmpty
        outbox = record.state == .asking ? codes.map { Outbox(codes: $0) } : nil
        if let request = record.ask {
            // A problem about one field is shown next to it; one about the whole ask above the form.
            let general = request.problemField == nil || request.problemField == "" ? request.problem : nil
            ask = Ask(
                hint: request.hint, problem: general,
                fields: PageField.fields(of: request, newPassword: newPassword, email: email),
                choices: request.choices)
        }
        switch record.state {
        case .asking:
            end = nil
        case .ended:
            let result = record.end
            let kind = result?.kind.description ?? "failure"
            let output = (result?.output ?? [:]).sorted { $0.key < $1.key }.map {
                Output(name: $0.key, value: $0.value.description)
            }
            end = End(
                outcome: kind == "success" ? "success" : "failure",
                heading: kind == "success" ? "Done" : "Ended: \(kind)", message: result?.message,
                reason: result?.reason, output: output, hasOutput: !output.isEmpty)
        case .cancelled:
            end = End(outcome: "failure", heading: "Cancelled", output: [], hasOutput: false)
        case .failed:
            end = End(
                outcome: "failure", heading: "Could not go on", message: record.reason, output: [], hasOutput: false)
        }
    }
}

/// An error page.
struct ProblemPage {
    var heading: String
    var message: String
}
