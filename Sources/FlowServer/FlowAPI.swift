import FlowEngine
import FlowModel
import FlowrunFoundation
import Foundation
import NativeAuthServer
import NativeAuthWire

/// The flow runner's JSON API, mounted at `/api/v1` of `flowrun serve --flows DIR`
/// (`schemas/flow-api.openapi.yaml` describes it):
/// - `GET /api/v1/flows`: the flows served;
/// - `POST /api/v1/flows/{id}/sessions` (optional `{"params": {…}, "client_id": …, "scope": …}`): 201 and the new
///   session; with a `client_id`, the answer that ends it signed in carries the client's tokens (`tokens`), once;
/// - `GET /api/v1/sessions/{sid}`: the session's state;
/// - `POST /api/v1/sessions/{sid}/answers` (`{"inputs": {…}}` or `{"choice": "resend"}`): the next state;
/// - `DELETE /api/v1/sessions/{sid}`: cancels a session that waits on an ask and removes it (then 404).
/// Every POST must say `Content-Type: application/json` (415 otherwise), so that no other site's page can start
/// or answer a session from its visitors' browsers with a form or a simple request. Errors are
/// `{"error": NAME, "message": TEXT}` with 400, 404, 405, 409, 413, 415, 429 or 503; no message repeats a value
/// the client sent.
public struct FlowAPI: MountedRoutes {
    public let sessions: FlowSessions
    /// The tenant's clients, which may ask for tokens at a session's start; nil refuses `client_id`.
    public let signIn: SignInClients?
    public var prefix: String { "/api/v1" }

    public init(sessions: FlowSessions, signIn: SignInClients? = nil) {
        self.sessions = sessions
        self.signIn = signIn
    }

    public func answer(_ request: MountedRequest) async -> MountedResponse {
        let parts = request.path.dropFirst(prefix.count).split(separator: "/", omittingEmptySubsequences: false)
            .dropFirst().map(String.init)
        guard let route = APIRoute(parts) else {
            return error(404, "not_found", "no such API route", template: "unmatched")
        }
        switch (request.method, route) {
        case ("GET", .flows):
            let locale = sessions.flows.locale(for: request.languages)
            let flows = sessions.flows.flows.map { FlowSummary($0, in: locale) }
            return json(200, FlowList(flows: flows), template: route.template)
        case ("POST", .sessions(let flow)):
            return await start(flow, request: request)
        case ("GET", .session(let id)):
            return await run(template: route.template) { try await sessions.session(id) }
        case ("DELETE", .session(let id)):
            return await run(template: route.template) { try await sessions.cancel(id, removed: true) }
        case ("POST", .answers(let id)):
            return await answer(id, request: request)
        default:
            var response = error(
                405, "method_not_allowed", "\(request.method) is not allowed here", template: route.template)
            response.headers.append((name: "Allow", value: route.methods))
            return response
        }
    }

    private func start(_ id: String, request: MountedRequest) async -> MountedResponse {
        let template = APIRoute.sessions("").template
        var params: [String: Value] = [:]
        var tokensFor: APITokenRequest?
        if let refusal = unsupported(request, template: template) { return refusal }
        if !request.body.isEmpty {
            let object: [String: Value]
            switch body(of: request, template: template) {
            case .refused(let refusal): return refusal
            case .object(let found): object = found
            }
            guard case .object(let fields) = object["params"] ?? .object([:]) else {
                return error(400, "bad_request", "`params` must be an object", template: template)
            }
            guard Set(object.keys).isSubset(of: ["params", "client_id", "scope"]) else {
                return error(
                    400, "bad_request", "the body takes only `params`, `client_id` and `scope`", template: template)
            }
            params = fields
            switch tokenRequest(object) {
            case .failure(let refusal): return error(400, refusal.name, refusal.message, template: template)
            case .success(let found): tokensFor = found
            }
        }
        return await run(template: template, created: true, issuesTokens: true) {
            try await sessions.start(
                id, params: params, creator: .api, address: request.clientAddress, tokensFor: tokensFor,
                locale: sessions.flows.locale(for: request.languages))
        }
    }

    private func answer(_ id: String, request: MountedRequest) async -> MountedResponse {
        let template = APIRoute.answers("").template
        let object: [String: Value]
        switch body(of: request, template: template) {
        case .refused(let refusal): return refusal
        case .object(let found): object = found
        }
        let answer: InputAnswer
        switch (object["inputs"], object["choice"], object.count) {
        case (.object(let inputs)?, nil, 1): answer = .values(inputs)
        case (nil, .string(let choice)?, 1): answer = .choice(choice)
        default:
            return error(
                400, "bad_request", "the body is {\"inputs\": {…}} or {\"choice\": \"NAME\"}", template: template)
        }
        let locale = sessions.flows.locale(for: request.languages)
        return await run(template: template, issuesTokens: true) {
            try await sessions.answer(id, with: answer, locale: locale)
        }
    }

    /// Why a start's `client_id` or `scope` is refused.
    private struct TokenRefusal: Error {
        var name: String
        var message: String
    }

    /// The client a start's body asks tokens for (nil without `client_id`), or why it is refused.
    private func tokenRequest(_ object: [String: Value]) -> Result<APITokenRequest?, TokenRefusal> {
        guard let given = object["client_id"] else {
            if object["scope"] != nil {
                return .failure(TokenRefusal(name: "bad_request", message: "`scope` needs a `client_id`"))
            }
            return .success(nil)
        }
        guard case .string(let clientID) = given, let signIn, let client = signIn.client(clientID) else {
            return .failure(
                TokenRefusal(name: "unknown_client", message: "`client_id` names no client registered here"))
        }
        let scope: String
        switch object["scope"] {
        case nil: scope = "openid offline_access"
        case .string(let text)?: scope = text
        default: return .failure(TokenRefusal(name: "bad_request", message: "`scope` must be a string"))
        }
        let scopes = scope.split(separator: " ").map(String.init)
        guard !scopes.isEmpty, scopes.allSatisfy(client.isConsented) else {
            return .failure(
                TokenRefusal(name: "invalid_scope", message: "the client may not be granted a requested scope"))
        }
        return .success(APITokenRequest(clientID: clientID, scopes: scopes))
    }

    /// The token response of a session that has just ended signed in for a flow API client that gave its
    /// `client_id` at the start: claimed first, so that it is answered once. Nil for any other session.
    private func tokens(for record: SessionRecord) async throws -> [String: Value]? {
        guard let request = record.tokensFor, record.state == .ended, record.end?.kind == .success,
            let account = record.account, let signIn
        else { return nil }
        guard try await sessions.claimTokens(of: record) else { return nil }
        return try await signIn.issueTokens(
            SignInClients.TokenGrant(account: account, clientID: request.clientID, scopes: request.scopes))
    }

    /// A request body: a JSON object, or the answer that refuses it.
    private enum Body {
        case object([String: Value])
        case refused(MountedResponse)
    }

    /// The refusal of a POST that is not declared JSON (415) or whose body is over
    /// ``AnswerLimits/bodyBytes`` (413); nil when it may be read.
    private func unsupported(_ request: MountedRequest, template: String) -> MountedResponse? {
        // What clients send is compared as it is; anything else is parsed.
        let type =
            request.contentType == "application/json"
            ? "application/json"
            : request.contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        guard type == "application/json" else {
            var response = error(
                415, "unsupported_media_type", "send Content-Type: application/json", template: template)
            response.headers.append((name: "Accept", value: "application/json"))
            return response
        }
        let limit = sessions.answerLimits.bodyBytes
        guard request.body.count <= limit else {
            return error(413, "body_too_large", "a body is at most \(limit) bytes", template: template)
        }
        return nil
    }

    /// The request's JSON object, or the refusal to answer.
    private func body(of request: MountedRequest, template: String) -> Body {
        if let refusal = unsupported(request, template: template) { return .refused(refusal) }
        // The usual body is read directly; anything unusual (a fraction, a `\u` escape) is left to JSONDecoder.
        if let object = JSONObjectReader.read(request.body) { return .object(object) }
        guard let value = try? JSONDecoder().decode(Value.self, from: Data(request.body)),
            case .object(let object) = value
        else {
            return .refused(error(400, "bad_request", "the body is not a JSON object", template: template))
        }
        return .object(object)
    }

    /// Runs a session operation and answers its record, or the refusal.
    private func run(
        template: String, created: Bool = false, issuesTokens: Bool = false,
        _ operation: () async throws -> SessionRecord
    ) async -> MountedResponse {
        do {
            let record = try await operation()
            var view = record.view
            if issuesTokens {
                do {
                    view.tokens = try await tokens(for: record)
                } catch {
                    return self.error(
                        503, "tokens_unavailable", "the session signed in, but no tokens could be issued",
                        template: template)
                }
            }
            var response = written(created ? 201 : 200, view.json, template: template)
            if created { response.headers.append((name: "Location", value: "\(prefix)/sessions/\(record.id)")) }
            return response
        } catch let refusal as FlowSessions.Refusal {
            switch refusal {
            case .noSuchFlow:
                return error(404, "no_such_flow", "no flow with this id is served", template: template)
            case .noSuchSession:
                return error(404, "no_such_session", "no such session, or it expired", template: template)
            case .notAsking(let state):
                return error(
                    409, "session_over", "the session is \(state.rawValue): it takes no answer", template: template)
            case .conflict:
                return error(
                    409, "conflict", "another answer changed the session first; GET it again", template: template)
            case .answerInProgress:
                return error(
                    409, "answer_in_progress", "another answer to this session is being taken; GET it, then answer",
                    template: template)
            case .full(let reason):
                return error(503, "too_many_sessions", reason, template: template)
            case .tooManyAnswers(let seconds):
                var response = error(
                    429, "too_many_answers", "this session takes no more answers for \(seconds) s", template: template)
                response.headers.append((name: "Retry-After", value: String(seconds)))
                return response
            case .tooManyStarts(let reason, let seconds):
                var response = error(
                    429, "too_many_starts", "\(reason); try again in \(seconds) s", template: template)
                response.headers.append((name: "Retry-After", value: String(seconds)))
                return response
            case .unknownInput(let suggestion, let asked):
                // The name sent is not repeated: no message repeats what the client sent.
                let closest = suggestion.map { "; did you mean `\($0)`?" } ?? "."
                return error(
                    400, "unknown_input",
                    "the answer names an input this ask does not take\(closest) It takes: "
                        + asked.map { "`\($0)`" }.joined(separator: ", "),
                    template: template)
            case .unknownParam(let suggestion, let declared):
                let closest = suggestion.map { "; did you mean `\($0)`?" } ?? "."
                let takes =
                    declared.isEmpty
                    ? " It takes none."
                    : " It takes: " + declared.map { "`\($0)`" }.joined(separator: ", ")
                return error(
                    400, "unknown_param", "the start names a param this flow does not declare\(closest)\(takes)",
                    template: template)
            case .answerTooLarge(let reason):
                return error(400, "answer_too_large", reason, template: template)
            case .sessionTooLarge(let reason):
                return error(413, "session_too_large", reason, template: template)
            }
        } catch {
            return self.error(503, "store_unavailable", "the session store cannot be used", template: template)
        }
    }

    private func json(_ status: Int, _ value: some Encodable, template: String) -> MountedResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = (try? encoder.encode(value)).map(Array.init) ?? Array("{}".utf8)
        return MountedResponse(status: status, body: body, template: prefix + template)
    }

    /// `value` written as `json(_:_:template:)` writes it, without Foundation's encoder (sessions are answered on
    /// every request).
    private func written(_ status: Int, _ value: Value, template: String) -> MountedResponse {
        MountedResponse(status: status, body: JSONWriter.encode(value) ?? Array("{}".utf8), template: prefix + template)
    }

    private func error(_ status: Int, _ name: String, _ message: String, template: String) -> MountedResponse {
        var response = written(
            status, .object(["error": .string(name), "message": .string(message)]), template: template)
        response.errorName = name
        if template == "unmatched" { response.template = template }
        return response
    }
}

/// The routes of the API, by their path below the prefix.
enum APIRoute {
    case flows
    case sessions(String)
    case session(String)
    case answers(String)

    init?(_ parts: [String]) {
        switch parts.count {
        case 1 where parts[0] == "flows": self = .flows
        case 2 where parts[0] == "sessions": self = .session(parts[1])
        case 3 where parts[0] == "flows" && parts[2] == "sessions": self = .sessions(parts[1])
        case 3 where parts[0] == "sessions" && parts[2] == "answers": self = .answers(parts[1])
        default: return nil
        }
    }

    /// The template below the prefix, for logs and metrics.
    var template: String {
        switch self {
        case .flows: return "/flows"
        case .sessions: return "/flows/{id}/sessions"
        case .session: return "/sessions/{id}"
        case .answers: return "/sessions/{id}/answers"
        }
    }

    /// The methods the route answers, for `Allow`.
    var methods: String {
        switch self {
        case .flows: return "GET"
        case .sessions, .answers: return "POST"
        case .session: return "GET, DELETE"
        }
    }
}

/// `GET /api/v1/flows`.
struct FlowList: Encodable {
    var flows: [FlowSummary]
}

/// A flow as the list shows it.
struct FlowSummary: Encodable {
    var id: String
    var title: String?
    var description: String?
    var file: String
    /// The flow's params, which a session's start must give.
    var params: [String]

    /// The flow, its title and description in `locale` (nil: its own).
    init(_ flow: ServedFlow, in locale: String?) {
        let program = flow.program(in: locale)
        id = flow.id
        title = program.title
        description = program.description
        file = flow.file
        params = flow.program.params.map(\.name.value)
    }
}
