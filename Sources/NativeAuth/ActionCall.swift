import FlowEngine
import FlowModel
import FlowrunFoundation
import Foundation
import NativeAuthWire

/// One `perform` call: the action's catalog declaration, its arguments and the state it continues. Builds
/// the outcomes, and makes sure the result is one the catalog declares, with exactly its data keys, and
/// holds none of the call's secret arguments.
struct ActionCall: Sendable {
    let name: String
    let declaration: CatalogAction
    let arguments: [String: Value]
    /// The flow the previous action left, if any.
    let state: ContinuationState?

    // MARK: Arguments

    /// A text argument; `nil` when absent, null or empty.
    func string(_ parameter: String) -> String? {
        switch arguments[parameter] {
        case .string(let text): return text.isEmpty ? nil : text
        case .integer(let number): return String(number)
        default: return nil
        }
    }

    /// A list-of-strings argument; a text argument is split at spaces and commas.
    func stringList(_ parameter: String) -> [String] {
        switch arguments[parameter] {
        case .list(let items): return items.compactMap(\.stringValue).filter { !$0.isEmpty }
        case .string(let text):
            return text.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        default: return []
        }
    }

    /// A boolean argument (`false` when absent).
    func flag(_ parameter: String) -> Bool {
        switch arguments[parameter] {
        case .boolean(let flag): return flag
        case .string(let text): return text.lowercased() == "true"
        default: return false
        }
    }

    /// The username argument, trimmed, when it has the shape of an email address (``EmailAddress``). `nil`
    /// means `invalidUsername`, before any request.
    func username() -> String? {
        guard let raw = string("username") else { return nil }
        let username = raw.trimmingWhitespace()
        return EmailAddress.hasShape(username) ? username : nil
    }

    /// An attributes argument as the JSON object string the API takes; values are strings (lists are
    /// comma-joined, as multi-select answers are). `.success(nil)` when absent or empty.
    func attributesJSON(_ parameter: String) -> Result<String?, ArgumentProblem> {
        var fields: [String: String] = [:]
        switch arguments[parameter] {
        case nil, .null: return .success(nil)
        case .object(let values):
            for (name, value) in values {
                switch value {
                case .null: continue
                case .list(let items): fields[name] = items.map(\.description).joined(separator: ",")
                default: fields[name] = value.description
                }
            }
        case .string(let text):
            guard !text.isEmpty else { return .success(nil) }
            guard let data = text.data(using: .utf8),
                let object = try? JSONDecoder().decode([String: Value].self, from: data)
            else { return .failure(ArgumentProblem("\(parameter) is not a JSON object")) }
            fields = object.mapValues(\.description)
        default:
            return .failure(ArgumentProblem("\(parameter) must be a map of attribute names to values"))
        }
        guard !fields.isEmpty else { return .success(nil) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(fields) else {
            return .failure(ArgumentProblem("\(parameter) cannot be written as JSON"))
        }
        return .success(String(decoding: data, as: UTF8.self))
    }

    /// The state of the flow this action continues, when it is one of `flows`.
    func state(in flows: ContinuationState.Flow...) -> ContinuationState? {
        guard let state, flows.contains(state.flow), state.token != nil else { return nil }
        return state
    }

    // MARK: Outcomes

    /// An outcome with its data; `continuation` `nil` keeps the previous one.
    func outcome(_ name: String, _ data: [String: Value] = [:], continuation: AuthorityContinuation? = nil)
        -> ActionResult
    {
        ActionResult(outcome: name, data: data, continuation: continuation)
    }

    /// An outcome that moves the flow to `state`.
    func outcome(_ name: String, _ data: [String: Value] = [:], state: ContinuationState) -> ActionResult {
        ActionResult(outcome: name, data: data, continuation: state.continuation)
    }

    /// `unexpected`: the SDKs' general error.
    func unexpected(_ error: String, _ description: String, correlationID: String = "") -> ActionResult {
        outcome(
            "unexpected",
            [
                "error": .string(error), "errorText": .string(OutcomeWords.text(for: error)),
                "errorDescription": .string(description), "correlationId": .string(correlationID),
            ])
    }

    /// `unexpected` for a 200 body the client cannot use (the SDKs' "Unexpected response body").
    func invalidBody(_ problem: String, correlationID: String) -> ActionResult {
        unexpected("invalid_response", "Unexpected response body: \(problem)", correlationID: correlationID)
    }

    /// `unexpected` for an action that needs a flow the continuation does not hold.
    func missingState(_ needed: String) -> ActionResult {
        unexpected("invalid_state", "\(name) needs \(needed), and this run has none in progress.")
    }

    /// `browserRequired` with the server's `redirect_reason`.
    func browserRequired(_ reason: String) -> ActionResult {
        outcome(
            "browserRequired",
            ["reason": .string(reason), "reasonText": .string(OutcomeWords.redirectText(for: reason))])
    }

    /// `codeRequired` for a code that was sent; the flow moves on to `state`.
    func codeRequired(_ challenge: OOBChallenge, state: ContinuationState) -> ActionResult {
        outcome(
            "codeRequired",
            [
                "sentTo": .string(challenge.sentTo), "channel": .string(challenge.channel),
                "codeLength": .integer(challenge.codeLength),
            ], state: state)
    }

    /// `codeRequired` for an oob challenge, the flow moving on to `state` at its code step; `nil` for any other.
    func codeRequired(_ answer: ChallengeAnswer, moving state: ContinuationState) -> ActionResult? {
        guard case .oob(let challenge) = answer else { return nil }
        return codeRequired(challenge, state: state.moving(to: .code, token: challenge.token))
    }

    /// Whether the catalog declares `outcome` for this action.
    func declares(_ outcome: String) -> Bool {
        declaration.outcomes[outcome] != nil
    }

    // MARK: Finishing

    /// The result as `perform` returns it: an outcome the catalog does not declare, or with other data keys,
    /// becomes `unexpected` (a client bug, never a server's doing); a datum the catalog does not mark secret
    /// that repeats a secret argument is replaced by `[redacted]` as a whole (see ``redacting(_:in:)``).
    func finish(_ result: ActionResult) -> ActionResult {
        var result = result
        if let declared = declaration.outcomes[result.outcome] {
            if Set(result.data.keys) != Set(declared.data.keys) {
                result = unexpected(
                    "internal_error",
                    "The client answered \(result.outcome) to \(name) with data "
                        + "\(result.data.keys.sorted()) instead of \(declared.data.keys.sorted()).")
            }
        } else {
            result = unexpected(
                "internal_error", "The client answered \(result.outcome), which \(name) does not declare.")
        }
        let secrets = declaration.parameters.filter(\.value.secret).compactMap { string($0.key) }
        return redacting(secrets, in: result)
    }

    /// The data the server writes as free text (its `error_description`): a server may repeat what it was sent
    /// anywhere in them, so one that holds a secret argument is withheld as a whole. Every other datum (codes,
    /// suberrors, addresses) is withheld only when it is a secret argument, so that a password that happens to
    /// be part of an error code or an email address changes nothing that is shown.
    static let serverText: Set<String> = ["errorDescription"]

    /// `result` with every datum the catalog does not mark secret that repeats one of `secrets` replaced, as a
    /// whole, by `[redacted]`: a string equal to a secret, or server text (``serverText``) that contains one.
    /// Masking is by where a value came from, never by cutting text: nothing else is altered.
    func redacting(_ secrets: [String], in result: ActionResult) -> ActionResult {
        let secrets = secrets.filter { !$0.isEmpty }
        guard !secrets.isEmpty else { return result }
        var result = result
        let declared = declaration.outcomes[result.outcome]?.data ?? [:]
        for (key, value) in result.data where declared[key]?.secret != true {
            result.data[key] = Self.redacting(secrets, in: value, freeText: Self.serverText.contains(key))
        }
        return result
    }

    private static func redacting(_ secrets: [String], in value: Value, freeText: Bool) -> Value {
        switch value {
        case .string(let text):
            let repeats = secrets.contains { freeText ? text.contains($0) : text == $0 }
            return repeats ? .string("[redacted]") : value
        case .list(let items): return .list(items.map { redacting(secrets, in: $0, freeText: freeText) })
        case .object(let fields): return .object(fields.mapValues { redacting(secrets, in: $0, freeText: freeText) })
        default: return value
        }
    }
}

/// An argument the client cannot send.
struct ArgumentProblem: Error, Sendable {
    var message: String

    init(_ message: String) {
        self.message = message
    }
}
