import FlowrunFoundation
import Foundation
import NativeAuthTenant
import NativeAuthWire

/// The slow, pure work of a request, done before its write transaction so that the transaction (which every
/// other request waits for) stays short: the continuation token opened (HMAC and JSON) and the password hashes
/// computed (PBKDF2, on a dispatch queue rather than the cooperative pool).
///
/// Nothing here decides an answer. The transaction still re-reads everything it relies on (the continuation
/// row, unconsumed and unlocked, the user and their current password hash) and consumes the continuation and
/// code inside itself, so two concurrent uses of one token or code can never both succeed. A precomputed result
/// is used only for exactly the input it was computed for (the same password against the same stored hash, salt
/// included); when the transaction finds anything else (a password changed in between), it computes inline.
struct PrecomputedWork: Sendable {
    /// A password checked against a stored hash.
    struct Verified: Sendable {
        var password: String
        var hash: String
        var matches: Bool
    }

    /// A new password hashed with a fresh salt.
    struct Hashed: Sendable {
        var password: String
        var iterations: Int
        var hash: String
    }

    /// The request's `continuation_token` and its payload when the token is well-formed with a valid MAC.
    var token: (text: String, payload: ContinuationPayload?)?
    var verified: Verified?
    var hashed: Hashed?
    /// The `attributes` parameter checked against the tenant's rules (regexes included), outside the write
    /// transaction.
    var attributes: AttributeCheck?

    /// An `attributes` text checked against a list of attribute rules; `result` is nil when it does not parse.
    struct AttributeCheck: Sendable {
        var text: String
        var rules: [AttributeRequirement]
        var result: (accepted: [String: String], invalid: [String])?

        init(text: String, rules: [AttributeRequirement]) {
            self.text = text
            self.rules = rules
            result = AttributeRules.parse(text).map { AttributeRules.check($0, allowed: rules) }
        }
    }

    /// The check of `text` against `rules`: the precomputed one when it was for exactly these, else done now.
    func checkAttributes(
        _ text: String, rules: [AttributeRequirement]
    ) -> (accepted: [String: String], invalid: [String])? {
        if let attributes, attributes.text == text, attributes.rules == rules { return attributes.result }
        return AttributeCheck(text: text, rules: rules).result
    }

    /// The payload of `text` (the request's token), opened here when it was not before.
    func payload(of text: String, tokens: ContinuationTokens) -> ContinuationPayload? {
        if let token, token.text == text { return token.payload }
        return tokens.open(text)
    }

    /// Whether `password` matches `hash`: the precomputed answer when it was computed for exactly these, else
    /// computed now (constant-time either way).
    func verify(_ password: String, against hash: String) -> Bool {
        if let verified, ConstantTime.equalStrings(verified.hash, hash),
            ConstantTime.equalStrings(verified.password, password)
        {
            return verified.matches
        }
        return PasswordHasher.verify(password, against: hash)
    }

    /// A salted hash of `password`: the precomputed one when it is for this password and cost, else a new one.
    func hash(_ password: String, iterations: Int) throws -> String {
        if let hashed, hashed.iterations == iterations, ConstantTime.equalStrings(hashed.password, password) {
            return hashed.hash
        }
        return try PasswordHasher.hash(password, iterations: iterations)
    }

    /// Does the work a request will need, reading what it needs in a read transaction. Only requests that will
    /// get as far as hashing (a valid token of the right flow and step, a password that passes the policy) are
    /// hashed for, so a malformed request costs no more than before.
    static func make(
        for context: RequestContext, tokens: ContinuationTokens, store: EmulatorStore
    ) async -> PrecomputedWork {
        var prepared = PrecomputedWork()
        if let text = context.text("continuation_token") { prepared.token = (text, tokens.open(text)) }
        let configuration = context.configuration
        let iterations = configuration.passwordHash.iterations
        if let text = context.text("attributes") {
            let signUp = configuration.signUp
            let rules =
                context.endpoint == .signUpStart
                ? signUp.requiredAttributes + signUp.optionalAttributes : signUp.requiredAttributes
            prepared.attributes = AttributeCheck(text: text, rules: rules)
        }
        switch context.endpoint {
        case .token:
            guard context.text("grant_type") == "password", let password = context.secret("password"),
                let (record, user) = await prepared.liveContinuation(of: .signIn, context: context, store: store),
                record.state.phase == .signInPasswordChallenge, let hash = user?.passwordHash,
                await !isLocked(record.username, context: context, store: store)
            else { break }
            let matches = await SlowWork.run { PasswordHasher.verify(password, against: hash) }
            prepared.verified = Verified(password: password, hash: hash, matches: matches)
        case .resetPasswordSubmit:
            guard let password = context.secret("new_password"),
                PasswordRules.problem(with: password, policy: configuration.passwordPolicy) == nil,
                let (_, user) = await prepared.liveContinuation(of: .resetPassword, context: context, store: store),
                let current = user?.passwordHash
            else { break }
            let (reused, hash) = await SlowWork.run {
                let reused = PasswordHasher.verify(password, against: current)
                return (reused, reused ? nil : try? PasswordHasher.hash(password, iterations: iterations))
            }
            prepared.verified = Verified(password: password, hash: current, matches: reused)
            if let hash { prepared.hashed = Hashed(password: password, iterations: iterations, hash: hash) }
        case .signUpStart:
            // Every check that can refuse the request cheaply comes before the hash.
            guard let password = context.secret("password"), let username = try? context.username(),
                let types = try? context.challengeTypes(required: true),
                SignUpChecks.acceptsPassword(types: types, signUp: configuration.signUp),
                prepared.attributes.map({ $0.result?.invalid.isEmpty == true }) ?? true,
                PasswordRules.problem(with: password, policy: configuration.passwordPolicy) == nil,
                (try? await store.read({ store in try store.user(named: username) == nil })) == true
            else { break }
            prepared.hashed = await hashed(password, iterations: iterations)
        case .signUpContinue:
            guard context.text("grant_type") == "password", let password = context.secret("password"),
                PasswordRules.problem(with: password, policy: configuration.passwordPolicy) == nil,
                let (record, _) = await prepared.liveContinuation(of: .signUp, context: context, store: store),
                record.state.phase == .signUpPasswordChallenge
            else { break }
            prepared.hashed = await hashed(password, iterations: iterations)
        default:
            break
        }
        return prepared
    }

    /// The continuation row of the request's token when the token is valid for `flow` at this endpoint, for
    /// this client, and the row is neither used, locked nor expired, with the user it is about (both read in one
    /// read transaction outside the write transaction: a hint only, checked again inside it).
    private func liveContinuation(
        of flow: Flow, context: RequestContext, store: EmulatorStore
    ) async -> (ContinuationRecord, UserRecord?)? {
        guard let payload = token?.payload, payload.flow == flow.rawValue,
            payload.steps.contains(context.endpoint.path)
        else { return nil }
        let now = context.now.timeIntervalSince1970
        let clientID = context.client.clientID
        guard Double(payload.expires) > now else { return nil }
        let found = try? await store.read { store -> (ContinuationRecord, UserRecord?)? in
            guard let record = try store.continuation(id: payload.id), record.flow == payload.flow,
                record.clientID == clientID, !record.consumed, !record.locked, record.expiresAt > now
            else { return nil }
            return (record, try record.state.userID.flatMap { try store.user(id: $0) })
        }
        return found ?? nil
    }

    /// Whether `username`'s account is locked now (read outside the write transaction: a locked account costs
    /// no hash).
    private static func isLocked(_ username: String, context: RequestContext, store: EmulatorStore) async -> Bool {
        guard context.configuration.lockout.threshold > 0 else { return false }
        let now = context.now.timeIntervalSince1970
        let until = try? await store.read { store in
            try store.lockout(account: Contacts.canonical(username))?.lockedUntil
        }
        return (until ?? nil).map { $0 > now } ?? false
    }

    private static func hashed(_ password: String, iterations: Int) async -> Hashed? {
        guard let hash = await SlowWork.run({ try? PasswordHasher.hash(password, iterations: iterations) }) else {
            return nil
        }
        return Hashed(password: password, iterations: iterations, hash: hash)
    }
}

/// CPU-heavy work (password hashing) on a global dispatch queue, so that it neither holds the store's writer
/// nor blocks a thread of Swift's cooperative pool, which serves every other request. At most one piece of work
/// per processor runs at once (``WorkGate``); the others wait their turn, so a flood of hashing requests queues
/// instead of starving the process of threads.
enum SlowWork {
    static let gate = WorkGate(limit: max(ProcessInfo.processInfo.activeProcessorCount, 1))

    static func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await gate.acquire()
        let result = await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async { continuation.resume(returning: body()) }
        }
        await gate.release()
        return result
    }
}

/// A counting semaphore for async code: at most `limit` holders at once, the others wait in order.
actor WorkGate {
    private var available: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(limit: Int) {
        available = limit
    }

    func acquire() async {
        if available > 0 {
            available -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        if waiting.isEmpty {
            available += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
