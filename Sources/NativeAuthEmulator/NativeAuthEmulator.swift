import FlowrunFoundation
import Foundation
import NativeAuthTenant
import NativeAuthWire

/// The embedded native-authentication authority: answers `WireRequest`s the way Microsoft Entra External ID's
/// native authentication API does, with users, codes and tokens kept in an ``EmulatorStore``.
public struct NativeAuthEmulator: Sendable {
    public let configuration: TenantConfiguration
    public let store: EmulatorStore
    let now: @Sendable () -> Date
    private let issuerKeys: TokenIssuer
    private let delivery: ObserverSlot<OutboxMessage>
    /// Whether sent codes are stored readable, for ``outbox(to:limit:)``; otherwise only a keyed digest of each
    /// is stored and the outbox is empty.
    public let codesReadable: Bool

    /// `now` is the clock for codes, continuation and token lifetimes (tests inject their own).
    public init(
        configuration: TenantConfiguration, store: EmulatorStore, now: @escaping @Sendable () -> Date = Date.init,
        codesReadable: Bool = true
    ) {
        self.configuration = configuration
        self.store = store
        self.now = now
        self.codesReadable = codesReadable
        self.issuerKeys = TokenIssuer(store: store, tokens: configuration.tokens, now: now)
        self.delivery = ObserverSlot()
    }

    private init(
        configuration: TenantConfiguration, store: EmulatorStore, now: @escaping @Sendable () -> Date,
        codesReadable: Bool, issuerKeys: TokenIssuer, delivery: ObserverSlot<OutboxMessage>
    ) {
        self.configuration = configuration
        self.store = store
        self.now = now
        self.codesReadable = codesReadable
        self.issuerKeys = issuerKeys
        self.delivery = delivery
    }

    /// The `iss` of issued tokens.
    public var issuer: String { configuration.issuer }

    /// This emulator issuing tokens under `baseURL` (`iss` = `{baseURL}/{tenantID}/v2.0`) when its
    /// configuration names no `issuerBaseURL`, so that a server's tokens name the issuer its discovery document
    /// gives; the same emulator otherwise. Store, clock and signing key are shared.
    public func issuing(under baseURL: String) -> NativeAuthEmulator {
        guard configuration.issuerBaseURL == nil else { return self }
        var configuration = configuration
        configuration.issuerBaseURL = baseURL
        return NativeAuthEmulator(
            configuration: configuration, store: store, now: now, codesReadable: codesReadable, issuerKeys: issuerKeys,
            delivery: delivery)
    }

    /// Answers one request. Never throws: protocol errors are 400 answers, a store failure is a 500
    /// `server_error`, a store that cannot be reached now a 503 `temporarily_unavailable`. The response echoes
    /// `client-request-id` (assigning one when the request has none).
    public func handle(_ request: WireRequest) async -> WireResponse {
        let date = now()
        let correlationID = Self.correlationID(in: request.headers)
        let traceID = RandomUUID.lowercased()
        let headers = [
            "client-request-id": correlationID, "x-ms-request-id": traceID,
            "content-type": "application/json; charset=utf-8",
        ]
        func answer(_ error: EmulatorError) -> WireResponse {
            let wire = error.wireError(
                traceID: traceID, correlationID: correlationID, timestamp: WireError.timestamp(date))
            var errorHeaders = headers
            if let seconds = error.retryAfter { errorHeaders["retry-after"] = String(seconds) }
            return WireResponse(status: error.status, headers: errorHeaders, body: wire.body)
        }
        let context: RequestContext
        switch resolveClient(request.parameters) {
        case .failure(let error): return answer(error)
        case .success(let client):
            context = RequestContext(
                endpoint: request.endpoint, parameters: request.parameters, configuration: configuration,
                client: client, now: date, codesReadable: codesReadable)
        }
        do {
            // Slow, pure work first (no lock held), then one short write transaction that re-reads, checks and
            // consumes what the request relies on; tokens are signed after it committed.
            let tokens = try await store.continuationTokens(now: date.timeIntervalSince1970)
            let prepared = await PrecomputedWork.make(for: context, tokens: tokens, store: store)
            let purge = store.purgeDue(now: date.timeIntervalSince1970)
            let (outcome, sent) = try await store.write { store in
                let transaction = try RequestTransaction(
                    context: context, store: store, tokens: tokens, prepared: prepared, purge: purge)
                return (try transaction.route(), transaction.sent.messages)
            }
            delivery.notify(sent)
            switch outcome {
            case .ok(let body): return .ok(body, headers: headers)
            case .failure(let error): return answer(error)
            case .tokens(let grant):
                return .ok(try await issuerKeys.body(for: grant, configuration: configuration), headers: headers)
            }
        } catch let error as EmulatorError {
            return answer(error)
        } catch is StoreUnavailable {
            return answer(.temporarilyUnavailable)
        } catch {
            return answer(.serverError)
        }
    }

    /// Calls `observer` (replacing any earlier one; nil removes it) with each code this emulator sends, after the
    /// request that sent it committed and before it is answered: by the time a client has the answer, the
    /// observer has the code, and the code verifies. This is the code's delivery, as an email would be, so the
    /// code is given in clear even when the store keeps only digests (``codesReadable`` false). The observer
    /// runs on the request's task: keep it short.
    public func deliverCodes(to observer: (@Sendable (OutboxMessage) -> Void)?) {
        delivery.set(observer)
    }

    /// The codes the emulator "sent", newest first; only those sent to `username` when given.
    public func outbox(to username: String? = nil, limit: Int = 20) async throws -> [OutboxMessage] {
        try await store.read { store in
            let records = try store.sentCodes(to: username, limit: limit)
            return records.compactMap { record in
                guard !record.code.hasPrefix("hmac$"), let purpose = OutboxMessage.Purpose(rawValue: record.purpose)
                else { return nil }
                return OutboxMessage(
                    to: record.recipient, code: record.code, purpose: purpose,
                    sentAt: Date(timeIntervalSince1970: record.createdAt),
                    expiresAt: Date(timeIntervalSince1970: record.expiresAt))
            }
        }
    }

    /// The public signing keys as a JWK set (`{"keys":[{kty, use, alg, kid, n, e}]}` for RS256): the current
    /// key, and after a rotation the previous one until every token it signed has expired.
    public func jwks() async throws -> [String: Value] {
        try await issuerKeys.jwks()
    }

    /// Makes a new current signing key (of `tokens.signingAlgorithm`) in the store and returns its `kid`; the
    /// key it replaces stays in the JWKS for the longest token lifetime, and a key retired before is dropped.
    /// Servers sharing the store sign with the new key within a minute.
    @discardableResult
    public func rotateSigningKey() async throws -> String {
        try await issuerKeys.rotate()
    }

    private func resolveClient(_ parameters: [String: String]) -> Result<ClientConfiguration, EmulatorError> {
        guard let id = parameters["client_id"]?.trimmingWhitespace(.spaces), !id.isEmpty else {
            return .failure(.invalidParameter("client_id"))
        }
        guard let client = configuration.client(id: id) else {
            return .failure(.unauthorizedClient(tenant: configuration.tenant))
        }
        guard client.nativeAuthEnabled else { return .failure(.nativeAuthDisabled) }
        return .success(client)
    }

    /// The request's `client-request-id` when it is a reasonable token, else a new UUID (``ClientRequestID``).
    static func correlationID(in headers: [String: String]) -> String {
        ClientRequestID.value(
            sent: headers["client-request-id"] ?? headers.first { $0.key.lowercased() == "client-request-id" }?.value)
    }
}
