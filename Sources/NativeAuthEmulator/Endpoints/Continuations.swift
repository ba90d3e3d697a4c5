import NativeAuthWire

extension RequestTransaction {
    /// Issues a continuation token for `flow`, allowing `steps`, and records it.
    func issue(
        _ flow: Flow, steps: [NativeAuthEndpoint], username: String, state: FlowProgress, id: String? = nil
    ) throws -> String {
        let id = id ?? newID()
        let expires = now + Double(configuration.continuationLifetimeSeconds)
        let record = ContinuationRecord(
            id: id, flow: flow.rawValue, steps: steps.map(\.path), username: username,
            clientID: context.client.clientID, state: state, consumed: false, locked: false, createdAt: now,
            expiresAt: expires)
        try store.insert(record)
        let payload = ContinuationPayload(
            tenant: configuration.tenantID, flow: flow.rawValue, steps: record.steps, username: username, id: id,
            expires: TokenIssuer.seconds(expires.rounded(.up)))
        return try tokens.seal(payload)
    }

    /// The live continuation presented as `continuation_token`, which must belong to one of `flows` and allow
    /// this endpoint: 55000 when tampered, unknown, used or misplaced; 552003 when expired; 50053 when a store
    /// written by an earlier version marked it dead after wrong codes.
    func continuation(_ flows: Set<Flow>) throws -> ContinuationRecord {
        let token = try context.required("continuation_token")
        guard let payload = prepared.payload(of: token, tokens: tokens), let flow = Flow(rawValue: payload.flow),
            payload.tenant.lowercased() == configuration.tenantID.lowercased()
        else {
            throw EmulatorError.invalidContinuation()
        }
        guard flows.contains(flow), payload.steps.contains(context.endpoint.path) else {
            throw EmulatorError.invalidContinuation("The continuation token belongs to another flow or step.")
        }
        guard Double(payload.expires) > now else { throw EmulatorError.expiredContinuation }
        guard let record = try store.continuation(id: payload.id), record.flow == payload.flow,
            record.username == payload.username, record.steps == payload.steps
        else { throw EmulatorError.invalidContinuation() }
        guard record.clientID == context.client.clientID else {
            throw EmulatorError.invalidContinuation("The continuation token was issued to another client.")
        }
        if record.locked { throw EmulatorError.codeAttemptsExhausted }
        if record.consumed { throw EmulatorError.invalidContinuation("The continuation token was already used.") }
        guard record.expiresAt > now else { throw EmulatorError.expiredContinuation }
        return record
    }

    /// Marks a continuation used: the step it allowed succeeded. The update is conditional (`consumed = 0`), so
    /// a continuation is consumed at most once even if a caller had not re-read it in this transaction.
    func consume(_ record: ContinuationRecord) throws {
        guard try store.consumeContinuation(id: record.id) else {
            throw EmulatorError.invalidContinuation("The continuation token was already used.")
        }
    }
}
