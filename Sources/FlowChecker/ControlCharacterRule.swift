import FlowModel
import FlowrunFoundation

/// FR131: a text the user sees (a title, a label, a hint, a message) holds a control character other than a newline
/// or a tab — an escape sequence, a bell, a carriage return, a C1 control or a bidirectional override. Printed on
/// a terminal it could clear the screen, set the window title or disguise other text; flowrun escapes such
/// characters when it prints, so they can only be a mistake or an attack.
extension DocumentChecker {
    mutating func reportControlCharacters() {
        let documentTexts = [document.title, document.description].compactMap { $0 }
        for text in documentTexts where Self.hasControlCharacter(text) {
            reportControlCharacter(in: "the flow's title or description", at: document.id.position)
        }
        for input in document.inputs {
            var texts = [input.label, input.hint, input.patternMessage]
            if case .fields(let fields) = input.attributes { texts += fields.map(\.label) }
            if texts.contains(where: { Self.hasControlCharacter($0?.source) }) {
                reportControlCharacter(in: "a label or hint of input `\(input.name.value)`", at: input.name.position)
            }
        }
        for (index, step) in document.steps.enumerated() {
            var texts = [step.message]
            if case .ask(let ask) = step.kind { texts.append(ask.hint) }
            if steps.indices.contains(index) { texts.append(steps[index].message) }
            if texts.contains(where: { Self.hasControlCharacter($0?.source) }) {
                reportControlCharacter(in: "a message or hint of step `\(step.name.value)`", at: step.name.position)
            }
        }
        for edge in edges where Self.hasControlCharacter(edge.message?.source) {
            reportControlCharacter(in: "a transition's message", at: edge.position)
        }
    }

    private mutating func reportControlCharacter(in place: String, at position: SourcePosition?) {
        report(
            .controlCharacter,
            "\(place) holds a control character (an escape sequence, a bell, a carriage return, a C1 control or a "
                + "bidirectional override) that could drive the terminal or disguise the text",
            at: position)
    }

    /// Whether `text` holds a control character other than a newline or a tab.
    static func hasControlCharacter(_ text: String?) -> Bool {
        guard let text else { return false }
        return text.unicodeScalars.contains { $0.isTerminalControl && $0 != "\n" && $0 != "\t" }
    }
}
