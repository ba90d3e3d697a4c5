/// A text of a flow that people see (a title, a label, a hint, a message), with its stable message key.
///
/// Keys are derived from the flow's own names, so that a translation stays attached to its text while the flow
/// changes around it: `<flow id>.title`, `<flow id>.description`, `<flow id>.input.<input>.label` (`.hint`,
/// `.pattern_message`, `.<field>.label` for a fixed attributes form), `<flow id>.<step>.message`,
/// `<flow id>.<step>.hint`, `<flow id>.<step>.choice.<choice>.label` (the choice's name is its English), and the
/// message of a way out of a step: `<flow id>.<step>.on.<outcome>.message`, `.choice.<choice>.message`,
/// `.next.message`, `.if.<n>.message`, `.otherwise.message`, with `.exhausted` before `.message` for the way taken
/// once attempts are used up.
public struct FlowText: Sendable, Hashable {
    public var key: String
    /// The text as the flow writes it.
    public var source: Template

    public init(key: String, source: Template) {
        self.key = key
        self.source = source
    }
}

extension Program {
    /// Every text of this program that people see, in source order (its sub-programs' texts are theirs).
    public var texts: [FlowText] {
        var texts: [FlowText] = []
        func add(_ key: String, _ template: Template?) {
            if let template, !template.parts.isEmpty { texts.append(FlowText(key: "\(id).\(key)", source: template)) }
        }
        add("title", title.map(Template.init(literal:)))
        add("description", description.map(Template.init(literal:)))
        for input in inputs {
            let prefix = "input.\(input.name.value)"
            add("\(prefix).label", input.label)
            add("\(prefix).hint", input.hint)
            add("\(prefix).pattern_message", input.patternMessage)
            if case .fields(let fields)? = input.attributes {
                for field in fields { add("\(prefix).\(field.name.value).label", field.label) }
            }
        }
        for (index, step) in steps.enumerated() {
            add("\(step.name.value).message", step.message)
            if case .ask(_, let hint, let choices, _) = step.kind {
                add("\(step.name.value).hint", hint)
                for choice in choices.keys.sorted() {
                    add("\(step.name.value).choice.\(choice).label", Template(literal: choice))
                }
            }
            for edge in edges.indices where edges[edge].from == index {
                add("\(edgeKey(edge)).message", edges[edge].message)
            }
        }
        return texts
    }

    /// `<step>.<label>` of an edge, without the flow id.
    func edgeKey(_ index: EdgeIndex) -> String {
        let edge = edges[index]
        let step = steps[edge.from].name.value
        switch edge.label {
        case .next: return "\(step).next"
        case .choice(let name): return "\(step).choice.\(name)"
        case .outcome(let name): return "\(step).on.\(name)"
        case .branch(let number): return "\(step).if.\(number + 1)"
        case .otherwise: return "\(step).otherwise"
        case .exhausted(let of): return "\(edgeKey(of)).exhausted"
        }
    }

    /// This program (and its sub-programs) with every text that `translation` gives for its key and source text
    /// in place of the flow's own; a text it gives nothing for stays as the flow writes it. The steps, edges and
    /// names stay the same, so a session started in one language resumes in another.
    public func translated(_ translation: (_ key: String, _ source: Template) -> Template?) -> Program {
        var program = self
        func text(_ key: String, _ template: Template?) -> Template? {
            guard let template, !template.parts.isEmpty else { return template }
            return translation("\(id).\(key)", template) ?? template
        }
        func plain(_ key: String, _ text: String?) -> String? {
            guard let text, !text.isEmpty, let translated = translation("\(id).\(key)", Template(literal: text))
            else { return text }
            return translated.plainText
        }
        program.title = plain("title", title)
        program.description = plain("description", description)
        for index in program.inputs.indices {
            var input = program.inputs[index]
            let prefix = "input.\(input.name.value)"
            input.label = text("\(prefix).label", input.label)
            input.hint = text("\(prefix).hint", input.hint)
            input.patternMessage = text("\(prefix).pattern_message", input.patternMessage)
            if case .fields(var fields)? = input.attributes {
                for field in fields.indices {
                    fields[field].label = text("\(prefix).\(fields[field].name.value).label", fields[field].label)
                }
                input.attributes = .fields(fields)
            }
            program.inputs[index] = input
        }
        for index in program.steps.indices {
            var step = program.steps[index]
            step.message = text("\(step.name.value).message", step.message)
            if case .ask(let names, let hint, let choices, let next) = step.kind {
                step.kind = .ask(
                    inputs: names, hint: text("\(step.name.value).hint", hint), choices: choices, next: next)
            }
            program.steps[index] = step
        }
        for index in program.edges.indices {
            program.edges[index].message = text("\(edgeKey(index)).message", program.edges[index].message)
        }
        program.subflows = subflows.mapValues { $0.translated(translation) }
        return program
    }
}

extension Template {
    /// The template's text with each variable read written as `${name}`, `$` not doubled: for texts that read
    /// no variable, such as a title.
    var plainText: String {
        parts.map { part in
            switch part {
            case .text(let text): return text
            case .variable(let reference): return "${\(reference.path)}"
            }
        }.joined()
    }
}
