#if Running
    import FlowEngine
    import FlowModel
    import FlowrunFoundation
    import Foundation

    /// One answer on standard input as a JSON line, for programs that drive `flowrun run`: `{"email": "…"}`, an
    /// object per `attributes` input (`{"attributes": {"givenName": "Ada"}}`), `{"choice": "resend"}`, or
    /// `{"cancel": true}`. Every field of the ask is answered by the one line.
    enum JSONAnswerLine {
        /// Whether `line` is meant as JSON (its first non-blank character is `{`).
        static func isJSON(_ line: String) -> Bool {
            line.first { !$0.isWhitespace } == "{"
        }

        /// The answer `line` gives to `request`, or a usage problem in a few words.
        static func answer(_ line: String, to request: InputRequest) -> Result<InputAnswer, UsageError> {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                return .failure(UsageError("an answer line that starts with `{` must be a JSON object"))
            }
            let names = Set(request.fields.map(\.name))
            if object["cancel"] as? Bool == true, !names.contains("cancel") { return .success(.cancel) }
            if let choice = object["choice"], !names.contains("choice") {
                guard let choice = choice as? String, request.choices.contains(choice) else {
                    let known = request.choices.map { "`\($0)`" }.joined(separator: ", ")
                    return .failure(UsageError("`choice` must be one of the ask's choices (\(known))"))
                }
                return .success(.choice(choice))
            }
            var values: [String: Value] = [:]
            for (name, entry) in object {
                guard names.contains(name) else {
                    return .failure(UsageError("`\(name)` is not an input of this ask"))
                }
                guard let value = value(entry) else {
                    return .failure(UsageError("the answer to `\(name)` must be text, a number, a list or an object"))
                }
                values[name] = value
            }
            return .success(.values(values))
        }

        private static func value(_ any: Any) -> Value? {
            switch any {
            case let text as String: return .string(text)
            case let number as NSNumber: return .string(number.stringValue)
            case let list as [Any]:
                let items = list.compactMap(value)
                return items.count == list.count ? .list(items) : nil
            case let map as [String: Any]:
                var object: [String: Value] = [:]
                for (key, entry) in map {
                    guard let item = value(entry) else { return nil }
                    object[key] = item
                }
                return .object(object)
            default: return nil
            }
        }
    }
#endif
