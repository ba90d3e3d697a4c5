import FlowEngine
import FlowModel
import FlowrunFoundation

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
    var problem: String?
    var focus: Bool
    /// The value the input starts with.
    var value: String? = nil

    /// The inputs of `request`'s form. `newPassword` tells a password that is being chosen from one being
    /// entered; `email` fills the email fields (an authorize request's `login_hint`).
    static func fields(of request: InputRequest, newPassword: Bool, email: String? = nil) -> [PageField] {
        var fields: [PageField] = []
        for field in request.fields {
            let invalid = request.problemField == field.name
            if field.type == .attributes {
                for attribute in field.attributes {
                    fields.append(
                        PageField(
                            id: "f-\(field.name)-\(attribute.name)", name: "\(field.name).\(attribute.name)",
                            label: attribute.label, type: "text", pattern: attribute.pattern,
                            required: attribute.required, invalid: invalid, problem: invalid ? request.problem : nil,
                            focus: false))
                }
                continue
            }
            // The step's hint is shown once, above the form; a field's own hint under its input.
            var page = PageField(
                id: "f-\(field.name)", name: field.name, label: field.label,
                note: field.hint == request.hint ? nil : field.hint, type: "text",
                pattern: field.pattern, required: true, invalid: invalid, problem: invalid ? request.problem : nil,
                focus: false)
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
            fields.append(page)
        }
        if let index = fields.firstIndex(where: \.invalid) ?? fields.indices.first { fields[index].focus = true }
        return fields
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
