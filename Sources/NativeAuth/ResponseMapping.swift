import FlowEngine
import FlowModel
import FlowrunFoundation
import Foundation
import NativeAuthWire

/// A wire answer sorted the way the SDKs sort it (docs/native-auth.md).
enum WireAnswer: Sendable {
    /// 2xx with a JSON object that is not a redirect.
    case success(WireBody, correlationID: String)
    /// 2xx `{"challenge_type": "redirect"}`: the web fallback.
    case redirect(reason: String)
    /// 400 or 401 with an error body.
    case failure(WireError, correlationID: String)
    /// Anything else (other statuses, 5xx after the retry, bodies without `error`, no answer at all): the
    /// SDKs' general error.
    case unusable(error: String, description: String, correlationID: String)

    /// Sorts a response. Any 2xx is a success, as MSAL.js takes it (`response.ok`). The correlation id is the
    /// `client-request-id` response header (iOS, Android), else `x-ms-request-id` (MSAL.js), else the body's
    /// `correlation_id`, else the id the request was sent with.
    init(_ response: WireResponse, requestID: String) {
        func header(_ name: String) -> String? {
            let value = response.headers.first { $0.key.lowercased() == name }?.value
            return value?.isEmpty == false ? value : nil
        }
        let correlationID =
            header("client-request-id") ?? header("x-ms-request-id") ?? response.body?["correlation_id"]?.stringValue
            ?? requestID
        switch response.status {
        case 200...299:
            guard let body = response.body else {
                self = .unusable(
                    error: "invalid_response", description: "Unexpected response body: not a JSON object",
                    correlationID: correlationID)
                return
            }
            if body["challenge_type"]?.stringValue == "redirect" {
                self = .redirect(reason: body["redirect_reason"]?.stringValue ?? "")
            } else {
                self = .success(WireBody(body), correlationID: correlationID)
            }
        case 400, 401:
            if let body = response.body, let error = WireError(body: body) {
                self = .failure(error, correlationID: correlationID)
            } else {
                self = .unusable(
                    error: "invalid_response",
                    description: "Unexpected response body: HTTP \(response.status) without an error",
                    correlationID: correlationID)
            }
        default:
            let description = response.body?["error_description"]?.stringValue
            self = .unusable(
                error: response.body?["error"]?.stringValue ?? "http_error",
                description: "HTTP \(response.status)" + (description.map { ": \($0)" } ?? ""),
                correlationID: correlationID)
        }
    }
}

/// The JSON object of a 200 answer, with typed reads.
struct WireBody: Sendable, Hashable {
    let fields: [String: Value]

    init(_ fields: [String: Value]) {
        self.fields = fields
    }

    /// A non-empty string field.
    func string(_ key: String) -> String? {
        guard let text = fields[key]?.stringValue, !text.isEmpty else { return nil }
        return text
    }

    /// An integer field; integral numbers and digit strings count.
    func integer(_ key: String) -> Int? {
        switch fields[key] {
        case .integer(let number): return number
        case .number(let number) where number.rounded() == number && abs(number) < 1e15: return Int(number)
        case .string(let text): return Int(text)
        default: return nil
        }
    }
}

/// A one-time code was sent.
struct OOBChallenge: Sendable, Hashable {
    var token: String
    var sentTo: String
    var channel: String
    var codeLength: Int
}

/// What a challenge endpoint answered with 200.
enum ChallengeAnswer: Sendable, Hashable {
    case oob(OOBChallenge)
    case password(token: String)
    case preverified(token: String)

    /// The challenge type, for messages (never the token).
    var kind: String {
        switch self {
        case .oob: return "oob"
        case .password: return "password"
        case .preverified: return "preverified"
        }
    }

    /// Reads a challenge body; the error is the missing or bad field. An oob answer needs
    /// `continuation_token`, `challenge_target_label` (or `challenge_target`, as `/register/v1.0/challenge`
    /// sends it), `challenge_channel` and `code_length`, as the SDKs' validators do.
    static func read(_ body: WireBody) -> Result<ChallengeAnswer, ArgumentProblem> {
        guard let type = body.string("challenge_type") else {
            return .failure(ArgumentProblem("challenge_type is missing"))
        }
        guard let token = body.string("continuation_token") else {
            return .failure(ArgumentProblem("continuation_token is missing"))
        }
        switch type {
        case "oob":
            guard let sentTo = body.string("challenge_target_label") ?? body.string("challenge_target") else {
                return .failure(ArgumentProblem("challenge_target_label is missing"))
            }
            guard let channel = body.string("challenge_channel") else {
                return .failure(ArgumentProblem("challenge_channel is missing"))
            }
            guard let codeLength = body.integer("code_length") else {
                return .failure(ArgumentProblem("code_length is missing"))
            }
            return .success(.oob(OOBChallenge(token: token, sentTo: sentTo, channel: channel, codeLength: codeLength)))
        case "password": return .success(.password(token: token))
        case "preverified": return .success(.preverified(token: token))
        default: return .failure(ArgumentProblem("unknown challenge_type \(type)"))
        }
    }
}

/// The methods of an introspect answer.
struct IntrospectAnswer: Sendable {
    var token: String
    var methods: [(id: String, channel: String, loginHint: String)]

    /// Reads an introspect body: `continuation_token` and a non-empty `methods` list whose items have `id`
    /// and `challenge_channel` (`login_hint` may be missing, e.g. for a method still to register).
    static func read(_ body: WireBody) -> Result<IntrospectAnswer, ArgumentProblem> {
        guard let token = body.string("continuation_token") else {
            return .failure(ArgumentProblem("continuation_token is missing"))
        }
        guard case .list(let items) = body.fields["methods"], !items.isEmpty else {
            return .failure(ArgumentProblem("methods is missing or empty"))
        }
        var methods: [(id: String, channel: String, loginHint: String)] = []
        for item in items {
            guard let id = item[field: "id"]?.stringValue, !id.isEmpty,
                let channel = item[field: "challenge_channel"]?.stringValue, !channel.isEmpty
            else { return .failure(ArgumentProblem("a method lacks id or challenge_channel")) }
            methods.append((id, channel, item[field: "login_hint"]?.stringValue ?? ""))
        }
        return .success(IntrospectAnswer(token: token, methods: methods))
    }

    /// The `methods` datum: `[{id, channel, loginHint}]`.
    var value: Value {
        .list(
            methods.map {
                .object(["id": .string($0.id), "channel": .string($0.channel), "loginHint": .string($0.loginHint)])
            })
    }

    /// The methods as the continuation keeps them.
    var stateMethods: [ContinuationState.Method] {
        methods.map { ContinuationState.Method(id: $0.id, channel: $0.channel) }
    }
}

/// The password suberrors (docs/native-auth.md).
let passwordSuberrors: Set<String> = [
    "password_too_weak", "password_too_short", "password_too_long", "password_recently_used", "password_banned",
    "password_is_invalid",
]

extension ActionCall {
    /// Maps an error body to the catalog outcome of its SDK category (docs/native-auth.md); an error whose category
    /// this action does not declare, or that has none, is `unexpected` with the wire `error`, `error_description` and
    /// correlation id.
    /// `continuation` goes with a categorized outcome (`nil` keeps the previous one).
    func failure(
        _ error: WireError, correlationID: String, at endpoint: NativeAuthEndpoint,
        continuation: AuthorityContinuation? = nil
    ) -> ActionResult {
        if let (name, data) = Self.category(of: error, at: endpoint), declares(name) {
            return outcome(name, data, continuation: continuation)
        }
        var description = error.description
        if description.isEmpty {
            description = ([error.error] + [error.suberror].compactMap(\.self)).joined(separator: " / ")
            if !error.codes.isEmpty {
                description += " (error_codes \(error.codes.map(String.init).joined(separator: ", ")))"
            }
        }
        return unexpected(error.error, description, correlationID: correlationID)
    }

    /// Any answer but a usable 200: redirect, error body or general error.
    func otherwise(_ answer: WireAnswer, at endpoint: NativeAuthEndpoint) -> ActionResult {
        switch answer {
        case .success(_, let correlationID):
            return invalidBody("an answer of \(endpoint.path) the client did not expect", correlationID: correlationID)
        case .redirect(let reason): return browserRequired(reason)
        case .failure(let error, let correlationID): return failure(error, correlationID: correlationID, at: endpoint)
        case .unusable(let error, let description, let correlationID):
            return unexpected(error, description, correlationID: correlationID)
        }
    }

    /// The SDK category of an error body, as a catalog outcome name and its data.
    static func category(of error: WireError, at endpoint: NativeAuthEndpoint) -> (String, [String: Value])? {
        let firstCode = error.codes.first
        switch error.error {
        case "user_already_exists": return ("userAlreadyExists", [:])
        case "expired_token": return ("expired", [:])
        case "user_not_found": return ("userNotFound", [:])
        case "expired_refresh_token": return ("refreshTokenExpired", [:])
        case "unsupported_auth_method", "auth_not_supported": return ("authNotSupported", [:])
        case "access_denied" where error.suberror == "provider_blocked_by_rep": return ("authMethodBlocked", [:])
        case "invalid_request":
            if endpoint == .signUpStart, firstCode == 90100,
                error.description.localizedCaseInsensitiveContains("username parameter is empty or not valid")
            {
                return ("invalidUsername", [:])
            }
            if endpoint == .resetPasswordStart, firstCode == 500222 { return ("userDoesNotHavePassword", [:]) }
            if endpoint == .registerChallenge, error.codes.contains(901001) { return ("invalidInput", [:]) }
            return nil
        case "invalid_grant":
            if let suberror = error.suberror {
                if passwordSuberrors.contains(suberror) {
                    return (
                        "invalidPassword",
                        ["reason": .string(suberror), "reasonText": .string(OutcomeWords.text(for: suberror))]
                    )
                }
                switch suberror {
                case "attribute_validation_failed":
                    let names = (error.invalidAttributes ?? []).map(Value.string)
                    return ("attributesInvalid", ["invalidAttributes": .list(names)])
                case "invalid_oob_value": return ("invalidCode", [:])
                case "too_many_attempts": return ("tooManyAttempts", [:])
                default: break
                }
            }
            switch firstCode {
            case 50053: return ("tooManyAttempts", [:])
            case 50126: return ("invalidCredentials", [:])
            case 50034: return ("userNotFound", [:])
            default: return nil
            }
        default: return nil
        }
    }
}
