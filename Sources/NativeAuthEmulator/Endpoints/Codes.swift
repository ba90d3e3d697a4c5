import FlowrunFoundation
import Foundation
import NativeAuthWire

/// Whether a submitted code verified; a rejection must be answered with the transaction committed.
enum CodeVerification {
    case valid
    case rejected(EmulatorError)
}

/// The codes one attempt of a request's transaction sent, delivered once it has committed.
final class SentCodes {
    private(set) var messages: [OutboxMessage] = []

    func append(_ message: OutboxMessage) {
        messages.append(message)
    }
}

extension RequestTransaction {
    /// Sends a new code for the flow of `record` (a resend when one was sent before: the old codes stop
    /// verifying) and answers the oob challenge with a new continuation token.
    func sendCode(
        from record: ContinuationRecord, state: FlowProgress, flow: Flow, phase: Phase, steps: [NativeAuthEndpoint],
        purpose: OutboxMessage.Purpose, to recipient: String, channel: String
    ) throws -> [String: Value] {
        try checkSendLimits(to: recipient)
        try store.retireCodes(session: state.session)
        let codes = configuration.codes
        let tokenID = newID()
        let codeID = newID()
        let plain = CodeGenerator.code(length: codes.length)
        let code = CodeRecord(
            id: codeID, sessionID: state.session, continuationID: tokenID, username: record.username,
            recipient: recipient, purpose: purpose.rawValue,
            code: context.codesReadable ? plain : tokens.codeDigest(plain, id: codeID),
            createdAt: now, expiresAt: now + Double(codes.lifetimeSeconds), attempts: 0, used: false)
        try store.insert(code)
        sent.append(
            OutboxMessage(
                to: recipient, code: plain, purpose: purpose, sentAt: Date(timeIntervalSince1970: code.createdAt),
                expiresAt: Date(timeIntervalSince1970: code.expiresAt)))
        try consume(record)
        var next = state
        next.phase = phase
        let token = try issue(flow, steps: steps, username: record.username, state: next, id: tokenID)
        return Bodies.oobChallenge(
            token, label: Contacts.label(for: recipient), channel: channel, codeLength: plain.count,
            interval: codes.resendInterval)
    }

    /// 550026 when the last code sent to `recipient` (by any flow) is younger than `codes.resendInterval`, or
    /// when `codes.maxPerRecipientPerHour` codes went to it in the last hour.
    private func checkSendLimits(to recipient: String) throws {
        let codes = configuration.codes
        let interval = Double(codes.resendInterval)
        guard interval > 0 || codes.maxPerRecipientPerHour > 0 else { return }
        // Newest first, only as many as the quota counts; recipients compare case-insensitively.
        let times = try store.codeTimes(
            to: recipient, after: now - max(interval, 3600), limit: max(codes.maxPerRecipientPerHour, 1))
        if interval > 0, let last = times.first, last > now - interval {
            let wait = last + interval - now
            if wait > 0 { throw EmulatorError.resendTooSoon(seconds: TokenIssuer.seconds(wait.rounded(.up))) }
        }
        guard codes.maxPerRecipientPerHour > 0 else { return }
        let lastHour = times.filter { $0 > now - 3600 }
        if lastHour.count >= codes.maxPerRecipientPerHour {
            let oldest = lastHour[codes.maxPerRecipientPerHour - 1]
            throw EmulatorError.resendTooSoon(seconds: max(TokenIssuer.seconds((oldest + 3600 - now).rounded(.up)), 1))
        }
    }

    /// Checks the `oob` parameter against the code sent with `record`. A locked account is answered 50053
    /// whatever the code; expired codes give `expired_token`; a wrong code counts a try of the code and a failure
    /// of the account (smart lockout) and leaves the continuation usable; a code tried `codes.maxAttempts` times
    /// no longer verifies (50053, ask for a new one). A right code is used up.
    func verifyCode(for record: ContinuationRecord) throws -> CodeVerification {
        guard let submitted = context.text("oob") else { throw EmulatorError.invalidParameter("oob") }
        guard
            var code = try store.latestCode(continuation: record.id)
        else { throw EmulatorError.invalidContinuation("No code is waiting for this continuation token.") }
        if let locked = try lockedAnswer(for: record.username) { return .rejected(locked) }
        if code.attempts >= configuration.codes.maxAttempts { return .rejected(.codeAttemptsExhausted) }
        guard !code.used else {
            throw EmulatorError.invalidContinuation("No code is waiting for this continuation token.")
        }
        guard code.expiresAt > now else { throw EmulatorError.expiredCode }
        let stored = code.code.hasPrefix("hmac$") ? tokens.codeDigest(submitted, id: code.id) : submitted
        if ConstantTime.equalStrings(stored, code.code) {
            // Conditional, like `consume`: a code is used up at most once.
            guard try store.useCode(id: code.id) else {
                throw EmulatorError.invalidContinuation("No code is waiting for this continuation token.")
            }
            try recordSuccess(for: record.username)
            return .valid
        }
        code.attempts += 1
        try store.update(code)
        try recordFailure(for: record.username)
        return .rejected(code.attempts >= configuration.codes.maxAttempts ? .codeAttemptsExhausted : .invalidCode)
    }
}
