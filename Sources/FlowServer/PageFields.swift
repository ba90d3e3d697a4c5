import FlowEngine
import FlowModel
import FlowrunFoundation

/// The inputs of an ask's form that belong together: one input alone, or an `attributes` input's fields in a
/// `fieldset` whose `legend` is the input's label.
struct PageFieldGroup {
    /// The `attributes` input's label; nil for an input alone.
    var legend: String?
    var fields: [PageField]
}

/// One `<input>` of an ask's form, with the attributes that make browsers and password managers do the right
/// thing: `type=email autocomplete=username` for an email, `current-password` or `new-password` for a password,
/// `inputmode=numeric autocomplete=one-time-code` for a code.
struct PageField {
    var id: String
    /// The form field's name: the input's, or `input.attribute` for an attribute of an `attributes` input.
    var name: String
    var label: String
    /// The field's own hint (named apart from the ask's `hint`, which Mustache would find in its place).
    var note: String?
    var type: String
    var autocomplete: String?
    var inputmode: String?
    var pattern: String?
    var required: Bool
    var invalid: Bool
    /// Why the ask refused this field's value (named apart from the ask's `problem`, which Mustache would find in
    /// its place).
    var fieldProblem: String?
    var focus: Bool
    /// The ids of the texts that describe the field (`aria-describedby`): its hint, the ask's hint, and why it
    /// was refused.
    var describedBy: String?
    /// The value the input starts with.
    var value: String? = nil

    /// The id of the ask's hint above the form.
    static let askHintID = "ask-hint"
    /// The id of the messages that say why the last answer was refused.
    static let refusalID = "refusal"

    /// The inputs of `request`'s form, grouped. `newPassword` tells a password that is being chosen from one
    /// being entered; `refused` marks every input refused, the flow's messages saying why; `email` fills the email
    /// fields (an authorize request's `login_hint`).
    static func groups(
        of request: InputRequest, newPassword: Bool, refused: Bool = false, email: String? = nil
    ) -> [PageFieldGroup] {
        var groups: [PageFieldGroup] = []
        for field in request.fields {
            let invalid = refused || request.problemField == field.name
            let problem = request.problemField == field.name ? request.problem : nil
            if field.type == .attributes {
                let fields = field.attributes.map { attribute in
                    PageField(
                        id: "f-\(field.name)-\(attribute.name)", name: "\(field.name).\(attribute.name)",
                        label: attribute.label, type: "text", pattern: attribute.pattern,
                        required: attribute.required, invalid: invalid, fieldProblem: problem, focus: false)
                }
                groups.append(PageFieldGroup(legend: field.label, fields: fields))
                continue
            }
            // The step's hint is shown once, above the form; a field's own hint under its input.
            var page = PageField(
                id: "f-\(field.name)", name: field.name, label: field.label,
                note: field.hint == request.hint ? nil : field.hint, type: "text",
                pattern: field.pattern, required: true, invalid: invalid, fieldProblem: problem, focus: false)
            switch field.type {
            case .email:
                (page.type, page.autocomplete, page.inputmode) = ("email", "username", "email")
                page.value = email
            case .password:
                (page.type, page.autocomplete) = ("password", newPassword ? "new-password" : "current-password")
            case .code:
                // A one-time code is shown as typed, so that the browser's one-time-code autofill can fill it.
                (page.autocomplete, page.inputmode) = ("one-time-code", "numeric")
            case .text, .list, .attributes:
                if field.secret { (page.type, page.autocomplete) = ("password", "off") }
            }
            groups.append(PageFieldGroup(legend: nil, fields: [page]))
        }
        for group in groups.indices {
            for index in groups[group].fields.indices {
                let field = groups[group].fields[index]
                let ids = [
                    field.note == nil ? nil : field.id + "-note", request.hint == nil ? nil : askHintID,
                    field.fieldProblem == nil ? nil : field.id + "-problem", refused ? refusalID : nil,
                ]
                let joined = ids.compactMap { $0 }.joined(separator: " ")
                groups[group].fields[index].describedBy = joined.isEmpty ? nil : joined
            }
        }
        let fields = groups.flatMap(\.fields)
        if let first = fields.first(where: \.invalid) ?? fields.first,
            let group = groups.firstIndex(where: { $0.fields.contains { $0.id == first.id } }),
            let index = groups[group].fields.firstIndex(where: { $0.id == first.id })
        {
            groups[group].fields[index].focus = true
        }
        return groups
    }

    /// The answer a submitted form gives: each input's value; an `attributes` input's values as an object.
    static func answer(from form: [(name: String, value: String)], for request: InputRequest) -> [String: Value] {
        var values: [String: Value] = [:]
        for field in request.fields {
            if field.type == .attributes {
                var object: [String: Value] = [:]
                for attribute in field.attributes {
                    if let value = form.last(where: { $0.name == "\(field.name).\(attribute.name)" })?.value,
                        !value.isEmpty
                    {
                        object[attribute.name] = .string(value)
                    }
                }
                values[field.name] = .object(object)
            } else if let value = form.last(where: { $0.name == field.name })?.value {
                values[field.name] = .string(value)
            }
        }
        return values
    }

    /// Whether the ask `request` collects a password being chosen: the step after it calls an action that
    /// sets one (a sign-up, a password reset).
    static func asksNewPassword(_ request: InputRequest, in program: Program) -> Bool {
        guard let asking = ([program] + Array(program.subflows.values)).first(where: { $0.id == request.flowID }),
            let step = asking.steps.first(where: { $0.name.value == request.step }),
            case .ask(_, _, _, let next) = step.kind, case .step(let target) = asking.edges[next].target,
            case .action(let action, _, _) = asking.steps[target].kind
        else { return false }
        return ["signUp.start", "signUp.submitPassword", "resetPassword.submitPassword"].contains(action)
    }
}
