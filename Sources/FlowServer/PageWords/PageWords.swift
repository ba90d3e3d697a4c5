import FlowCompiler
import FlowModel

/// The sign-in pages' own words (headings, buttons, the messages the server writes) in one language. The
/// English words are here; the others are gettext files compiled in (`PageWords+<locale>.swift`), keyed
/// `page.<name>` with the English beside each translation, so that the pages work from an app bundle too.
struct PageWords: Sendable {
    /// The language tag the words are in (`en` for English).
    let locale: String
    private let texts: [String: String]

    /// The words in `locale`; English where it has no translation.
    private init(locale: String, texts: [String: String]) {
        self.locale = locale
        self.texts = texts
    }

    /// The word `name` (as in `page.<name>`), with each `${key}` replaced by `values[key]`.
    func callAsFunction(_ name: String, _ values: [String: String] = [:]) -> String {
        var text = texts[name] ?? Self.english[name] ?? name
        for (key, value) in values { text = text.replacingOccurrences(of: "${\(key)}", with: value) }
        return text
    }

    /// Every word by name, for the templates' `{{words.NAME}}`.
    var all: [String: String] { Self.english.merging(texts) { _, translated in translated } }

    /// Whether the language is written right to left.
    var rightToLeft: Bool { LanguageTag.isRightToLeft(locale) }

    /// The English words.
    static let english: [String: String] = [
        "flows_heading": "Flows",
        "no_flows": "No flow is served.",
        "start": "Start",
        "optional": "(optional)",
        "continue": "Continue",
        "cancel": "Cancel",
        "start_again": "Start again",
        "done": "Done",
        "not_completed_here": "Not completed here",
        "not_completed": "Not completed",
        "ended_early": "The flow ended before it was completed.",
        "cancelled": "Cancelled",
        "cancelled_message": "You cancelled it; nothing more was done.",
        "could_not_go_on": "Could not go on",
        "could_not_go_on_message": "Something went wrong on our side, so this could not be completed. Start again.",
        "session_expired": "Your session expired or never started.",
        "outbox_heading": "Development outbox",
        "outbox_intro":
            "Codes the embedded authority sent to this "
            + "session's addresses, shown because this option is on:",
        "outbox_none": "None yet.",
        "outbox_to": "to",
        "outbox_at": "at",
        "all_flows": "All flows",
        "not_found": "Not found",
        "not_found_message": "There is no such page.",
        "form_expired": "Form expired",
        "form_expired_message": "The form's security token did not match; go back, reload and try again.",
        "answer_too_large": "Answer too large",
        "form_too_large_message": "A form is at most ${bytes} bytes; go back and shorten it.",
        "too_many_answers": "Too many answers",
        "too_many_answers_message": "Wait ${seconds} seconds, then go back and answer again.",
        "too_many_sessions": "Too many sessions",
        "wait_message": "Wait ${seconds} seconds, then try again.",
        "unavailable": "Unavailable",
        "unavailable_message": "The service cannot go on right now. Try again in a moment.",
        "signed_out": "Signed out",
        "signed_out_message": "You are signed out.",
        "unregistered_return": "Unregistered return address",
        "unregistered_return_message":
            "You are signed out, but the application asked to return to an address it has not registered, so you stay here.",
    ]

    /// The languages the pages are translated to, besides English.
    static let translated: [String: TranslationFile] = {
        var files: [String: TranslationFile] = [:]
        for (locale, text) in [("fr", french), ("de", german), ("ar", arabic)] {
            // The files are tested to parse; one that did not would leave its language in English.
            if let file = try? TranslationFile.parse(text, file: "page words (\(locale))", locale: locale) {
                files[locale] = file
            }
        }
        return files
    }()

    /// The words in `locale` (nil or a language without translation: English).
    static func words(in locale: String?) -> PageWords {
        guard let locale, let file = translated[locale] else { return PageWords(locale: "en", texts: [:]) }
        var texts: [String: String] = [:]
        for entry in file.entries {
            guard entry.key.hasPrefix("page."), let translation = entry.translation else { continue }
            texts[String(entry.key.dropFirst(5))] = translation.source.replacingOccurrences(of: "$$", with: "$")
        }
        return PageWords(locale: locale, texts: texts)
    }
}
