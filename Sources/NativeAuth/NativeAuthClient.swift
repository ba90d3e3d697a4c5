import FlowEngine
import FlowModel
import FlowrunFoundation
import Foundation
import NativeAuthWire
import Tracing

/// The `Authority` for native authentication: performs the actions of the `native-auth` catalog by sending
/// the native-authentication API's requests through a `Transport`, and maps every answer to the catalog
/// outcome the MSAL SDKs' categories give it (docs/native-auth.md).
///
/// The state between actions (continuation token, username, flow) travels in `AuthorityContinuation`
/// fields; the signed-in account and its tokens are kept by the ``AccountStore``.
///
/// `perform` answers every server reply, and every transport failure, with an outcome: a transport that throws (no
/// answer at all) twice gives `unexpected` with `error` `transport_error` and the error's text. It throws only when the
/// task is cancelled, or for an action the catalog does not declare or this client does not implement (a programming
/// error the flow checker rules out).
public struct NativeAuthClient: Authority {
    public let catalog: ActionCatalog
    let configuration: NativeAuthConfiguration
    let transport: any Transport
    let accounts: any AccountStore
    let now: @Sendable () -> Date
    let sleep: @Sendable (Duration) async throws -> Void
    let observer: (@Sendable (NativeAuthClientEvent) -> Void)?
    /// Where each action's client span goes (named after the action, with its outcome; never an argument, a
    /// continuation or a token). The process's bootstrapped tracer by default; the transport carries the span's
    /// context to the authority (`HTTPTransport` as a W3C `traceparent`).
    public var tracer: any Tracer = InstrumentationSystem.tracer

    /// The action `perform` is running, for the observer's ``NativeAuthClientEvent/noAnswer(action:description:)``.
    @TaskLocal private static var runningAction = ""

    /// A client presenting itself as `configuration` says, over `transport`, keeping the account in `accounts`.
    ///
    /// - Parameters:
    ///   - configuration: the client id, challenge types and capabilities the client declares.
    ///   - transport: how requests reach the authority: `URLSessionTransport` in an app, `HTTPTransport` in a
    ///     server, `InProcessTransport` to the embedded emulator.
    ///   - accounts: where the signed-in account is kept.
    ///   - catalog: the `native-auth` catalog; by default ``defaultCatalog``, the one embedded in this module.
    ///   - now: the clock for token lifetimes.
    ///   - sleep: how to wait between password-reset polls and before the one retry of a 5xx answer.
    ///   - observer: told the run's user and the actions that got no answer (``NativeAuthClientEvent``).
    public init(
        configuration: NativeAuthConfiguration, transport: any Transport, accounts: any AccountStore,
        catalog: ActionCatalog = NativeAuthClient.defaultCatalog, now: @escaping @Sendable () -> Date = Date.init,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        observer: (@Sendable (NativeAuthClientEvent) -> Void)? = nil
    ) {
        self.configuration = configuration
        self.transport = transport
        self.accounts = accounts
        self.catalog = catalog
        self.now = now
        self.sleep = sleep
        self.observer = observer
    }

    /// The account this client signed in (kept by its ``AccountStore``); nil when none is.
    public func signedInAccount() async throws -> CachedAccount? {
        try await accounts.load()
    }

    public func perform(_ action: String, arguments: [String: Value], continuation: AuthorityContinuation?)
        async throws -> ActionResult
    {
        if tracer is NoOpTracer {
            return try await performCall(action, arguments: arguments, continuation: continuation)
        }
        return try await tracer.withSpan(action, ofKind: .client) { span in
            span.attributes["flowrun.action"] = action
            let result = try await performCall(action, arguments: arguments, continuation: continuation)
            span.attributes["flowrun.action.outcome"] = result.outcome
            return result
        }
    }

    /// ``perform(_:arguments:continuation:)`` without its span.
    private func performCall(_ action: String, arguments: [String: Value], continuation: AuthorityContinuation?)
        async throws -> ActionResult
    {
        guard let declaration = catalog.actions[action] else { throw NativeAuthClientError.unknownAction(action) }
        let call = ActionCall(
            name: action, declaration: declaration, arguments: arguments, state: ContinuationState(continuation))
        guard let observer else { return call.finish(try await dispatch(call)) }
        if let username = call.string("username") ?? call.state?.username, !username.isEmpty {
            observer(.user(username))
        }
        let result = call.finish(try await Self.$runningAction.withValue(action) { try await dispatch(call) })
        if let username = Self.username(in: result.continuation) { observer(.user(username)) }
        return result
    }

    /// The answer of the action `call` names, before ``ActionCall/finish(_:)`` checks it.
    private func dispatch(_ call: ActionCall) async throws -> ActionResult {
        switch call.name {
        case "signUp.start": return try await signUpStart(call)
        case "signUp.submitCode": return try await signUpSubmitCode(call)
        case "signUp.resendCode": return try await signUpResendCode(call)
        case "signUp.submitPassword": return try await signUpSubmitPassword(call)
        case "signUp.submitAttributes": return try await signUpSubmitAttributes(call)
        case "signIn.start": return try await signInStart(call)
        case "signIn.submitCode": return try await signInSubmitCode(call)
        case "signIn.resendCode": return try await signInResendCode(call)
        case "signIn.submitPassword": return try await signInSubmitPassword(call)
        case "signIn.afterSignUp": return try await signInAfterFlow(call, .signUp)
        case "signIn.afterResetPassword": return try await signInAfterFlow(call, .resetPassword)
        case "resetPassword.start": return try await resetPasswordStart(call)
        case "resetPassword.submitCode": return try await resetPasswordSubmitCode(call)
        case "resetPassword.resendCode": return try await resetPasswordResendCode(call)
        case "resetPassword.submitPassword": return try await resetPasswordSubmitPassword(call)
        case "mfa.requestChallenge": return try await mfaRequestChallenge(call)
        case "mfa.submitCode": return try await mfaSubmitCode(call)
        case "registration.requestChallenge": return try await registrationRequestChallenge(call)
        case "registration.submitCode": return try await registrationSubmitCode(call)
        case "token.get": return try await tokenGet(call)
        case "account.current": return await accountCurrent(call)
        case "account.signOut": return await accountSignOut(call)
        default: throw NativeAuthClientError.unsupportedAction(call.name)
        }
    }

    /// Sends one call: `client_id` added, a fresh `client-request-id`, flowrun named in `x-client-SKU` and
    /// `x-client-VER`. As the iOS SDK does, a 5xx answer, or no answer at all (a network failure), is sent again
    /// once after 0.5 s. A transport failure on the second try becomes
    /// ``WireAnswer/unusable(error:description:correlationID:)``; only cancellation is thrown.
    func exchange(_ endpoint: NativeAuthEndpoint, _ parameters: [String: String]) async throws -> WireAnswer {
        var parameters = parameters
        parameters["client_id"] = configuration.clientID
        let requestID = RandomUUID.lowercased()
        let request = WireRequest(
            endpoint: endpoint, parameters: parameters,
            headers: [
                "client-request-id": requestID, "return-client-request-id": "true", "Accept": "application/json",
                "x-client-SKU": ClientIdentity.sku, "x-client-VER": ClientIdentity.version,
            ])
        var response = try await send(request)
        if Self.isRetried(response) {
            try await sleep(.milliseconds(500))
            response = try await send(request)
        }
        switch response {
        case .some(let answer): return WireAnswer(answer, requestID: requestID)
        case .none(let failure):
            let description = "No answer from the authority: \(failure)"
            observer?(.noAnswer(action: Self.runningAction, description: description))
            return .unusable(error: "transport_error", description: description, correlationID: requestID)
        }
    }

    /// Whether a first try is sent again: a 5xx answer or none at all.
    private static func isRetried(_ response: TransportResult) -> Bool {
        switch response {
        case .some(let answer): return (500...599).contains(answer.status)
        case .none: return true
        }
    }

    /// Sends a challenge request and reads the challenge of its 200 answer with `map`; a challenge `map` does not
    /// take (`nil`) ⇒ `unexpected` with `mismatch` of its type, a 200 body that is no challenge ⇒ `unexpected`,
    /// any other answer ⇒ its outcome.
    func challenge(
        _ call: ActionCall, _ endpoint: NativeAuthEndpoint, _ parameters: [String: String],
        mismatch: (String) -> String = { "unexpected challenge_type \($0)" },
        _ map: (ChallengeAnswer) async throws -> ActionResult?
    ) async throws -> ActionResult {
        let answer = try await exchange(endpoint, parameters)
        guard case .success(let body, let correlationID) = answer else {
            return call.otherwise(answer, at: endpoint)
        }
        switch ChallengeAnswer.read(body) {
        case .success(let challenge):
            if let result = try await map(challenge) { return result }
            return call.invalidBody(mismatch(challenge.kind), correlationID: correlationID)
        case .failure(let problem): return call.invalidBody(problem.message, correlationID: correlationID)
        }
    }

    /// The transport's answer, or the text of its failure; cancellation is rethrown.
    private func send(_ request: WireRequest) async throws -> TransportResult {
        do {
            return .some(try await transport.send(request))
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            return .none(String(describing: error))
        }
    }

    private enum TransportResult {
        case some(WireResponse)
        case none(String)
    }
}

/// `perform` was asked for an action it cannot perform.
public enum NativeAuthClientError: Error, Sendable, Hashable {
    /// The catalog does not declare the action.
    case unknownAction(String)
    /// The catalog declares the action but this client does not implement it.
    case unsupportedAction(String)
}
