import FlowEngine
import FlowModel

extension ServedFlow {
    /// The flow's title in `locale`, else its id.
    func name(in locale: String?) -> String { program(in: locale).title ?? id }
}

/// The layout around every page, in the language of its words.
struct LayoutPage {
    var title: String
    var body: String
    /// The `lang` of the page.
    var lang: String
    var rightToLeft: Bool
    /// The product's name: the header's text, or the logo's alternative text.
    var product: String
    /// The path of the theme's stylesheet, linked after the built-in one.
    var themeStyle: String?
    /// The path of the theme's logo.
    var logo: String?
}

/// `/`: the flows served.
struct FlowListPage {
    struct Item {
        var id: String
        var title: String
        var description: String?
    }

    var flows: [Item]

    init(flows: [ServedFlow], in locale: String?) {
        self.flows = flows.map {
            let program = $0.program(in: locale)
            return Item(id: $0.id, title: program.title ?? $0.id, description: program.description)
        }
    }
}

/// `/ui/{id}`: a flow and its Start button.
struct StartPage {
    var id: String
    var title: String
    var description: String?
    var csrf: String
    var note: String?

    init(_ flow: ServedFlow, in locale: String?, csrf: String, note: String? = nil) {
        let program = flow.program(in: locale)
        id = flow.id
        title = program.title ?? flow.id
        description = note ?? program.description
        self.csrf = csrf
        self.note = note
    }
}

/// `/ui/{id}/session`: the ask to answer, or how the flow ended, with the messages shown since the last answer.
struct SessionPage {
    struct Ask {
        var hint: String?
        var problem: String?
        var groups: [PageFieldGroup]
        var choices: [Choice]
    }

    /// A choice of the ask: its name, posted back, and its label in the page's language.
    struct Choice {
        var name: String
        var label: String
    }

    /// How the flow ended, in the flow's words: its end's message under a heading that says whether it worked.
    /// Neither the end's machine reason nor its outputs are shown to people; the API gives them to programs.
    struct End {
        var outcome: String
        var heading: String
        var message: String?
    }

    struct Outbox {
        var codes: [FlowPages.DevCode]
    }

    var id: String
    var title: String
    var csrf: String
    /// Where the ask's form posts: the session, or `/ui/{id}` for a first ask shown before the session exists.
    var formAction: String
    var messages: [String]
    var hasMessages: Bool
    /// Whether the messages say why the last answer was refused: announced as an alert, styled as an error.
    var refused: Bool
    var ask: Ask?
    var end: End?
    var outbox: Outbox?

    init(
        _ record: SessionRecord, flow: ServedFlow, csrf: String, newPassword: Bool, codes: [FlowPages.DevCode]?,
        email: String? = nil, words: PageWords, choiceLabel: (String) -> String, formAction: String? = nil
    ) {
        id = flow.id
        title = flow.program(in: words.locale).title ?? flow.id
        self.csrf = csrf
        self.formAction = formAction ?? "/ui/\(flow.id)/session"
        // The end's own message is shown with the end, not a second time above it.
        messages = record.messages
        if record.state == .ended, let last = messages.last, last == record.end?.message { messages.removeLast() }
        hasMessages = !messages.isEmpty
        refused = record.state == .asking && hasMessages && record.refused == true
        outbox = record.state == .asking ? codes.map { Outbox(codes: $0) } : nil
        if let request = record.ask {
            // A problem about one field is shown next to it; one about the whole ask above the form.
            let general = request.problemField == nil || request.problemField == "" ? request.problem : nil
            ask = Ask(
                hint: request.hint, problem: general,
                groups: PageField.groups(of: request, newPassword: newPassword, refused: refused, email: email),
                choices: request.choices.map { Choice(name: $0, label: choiceLabel($0)) })
        }
        switch record.state {
        case .asking:
            end = nil
        case .ended:
            switch record.end?.kind {
            case .success?:
                end = End(outcome: "success", heading: words("done"), message: record.end?.message)
            case .named?:
                end = End(outcome: "other", heading: words("not_completed_here"), message: record.end?.message)
            case .failure?, nil:
                end = End(
                    outcome: "failure", heading: words("not_completed"),
                    message: record.end?.message ?? words("ended_early"))
            }
        case .cancelled:
            end = End(outcome: "failure", heading: words("cancelled"), message: words("cancelled_message"))
        case .failed:
            end = End(
                outcome: "failure", heading: words("could_not_go_on"), message: words("could_not_go_on_message"))
        }
    }
}

/// An error page.
struct ProblemPage {
    var heading: String
    var message: String
}
