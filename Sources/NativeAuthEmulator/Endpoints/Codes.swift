import FlowEngine
import GRDB
import NativeAuth

/// Whether a submitted code verified; a rejection must be answered with the transaction committed.
enum CodeVerification {
    case valid
    case rejected(EmulatorError)
}

extension Exchange {
    /// Sends a new code for the flow of `record` (a resend when one was sent before: the old codes stop
    /// verifying) and answers the oob challenge with a new continuation token.
    func sendCode(
        from record: ContinuationRecord, state: FlowState, flow: Flow, phase: Phase, steps: [NativeAuthEndpoint],
        purpose: OutboxMessage.Purpose, to recipient: String, channel: String
    ) throws -> [String: Value] {
        try checkResendInterval(session: state.session)
        try db.cachedStatement(sql: "UPDATE codes SET used = 1 WHERE session_id = ? AND used = 0")
            .execute(arguments: [state.session])
        let codes = configuration.codes
        let tokenID = newID()
        let code = CodeRecord(
            id: newID(), sessionID: state.session, continuationID: tokenID, username: record.username,
            recipient: recipient, purpose: purpose.rawValue, code: CodeGenerator.code(length: codes.length),
            createdAt: now, expiresAt: now + Double(codes.lifetimeSeconds), attempts: 0, used: false)
        try code.insert(db)
        try consume(record)
        var next = state
        next.phase = phase
        let token = try issue(flow, steps: steps, username: record.username, state: next, id: tokenID)
        return Bodies.oobChallenge(
            token, label: Contacts.label(for: recipient), channel: channel, codeLength: code.code.count,
            interval: codes.resendInterval)
    }

    /// 550026 when the session's last code is younger than `codes.resendInterval`.
    private func checkResendInterval(session: String) throws {
        let interval = Double(configuration.codes.resendInterval)
        guard interval > 0,
            let last = try Double.fetchOne(
                db.cachedStatement(
                    sql: "SELECT created_at FROM codes WHERE session_id = ? ORDER BY created_at DESC LIMIT 1"),
                arguments: [session])
        else { return }
        let wait = last + interval - now
        if wait > 0 { throw EmulatorError.resendTooSoon(seconds: TokenIssuer.seconds(wait.rounded(.up))) }
    }

    /// Checks the `oob` parameter against the code sent with `record`: expired codes give `expired_token`; a
    /// wrong code counts a try and, when the tries are used up, kills the continuation. A right code is used up.
    func verifyCode(for record: ContinuationRecord) throws -> CodeVerification {
        guard let submitted = context.text("oob") else { throw EmulatorError.invalidParameter("oob") }
        guard
            var code = try CodeRecord.fetchOne(
                db.cachedStatement(sql: "SELECT * FROM codes WHERE continuation_id = ? AND used = 0 LIMIT 1"),
                arguments: [record.id])
        else { throw EmulatorError.invalidContinuation("No code is waiting for this continuation token.") }
        guard code.expiresAt > now else { throw EmulatorError.expiredCode }
        if ConstantTime.equalStrings(submitted, code.code) {
            // Conditional, like `consume`: a code is used up at most once.
            try db.cachedStatement(sql: "UPDATE codes SET used = 1 WHERE id = ? AND used = 0")
                .execute(arguments: [code.id])
            guard db.changesCount == 1 else {
                throw EmulatorError.invalidContinuation("No code is waiting for this continuation token.")
            }
            return .valid
        }
        code.attempts += 1
        if code.attempts >= configuration.codes.maxAttempts {
            code.used = true
            var dead = record
            dead.locked = true
            try dead.update(db)
            try code.update(db)
            return .rejected(.tooManyAttempts)
        }
        try code.update(db)
        return .rejected(.invalidCode)
    }
}
