import FlowrunFoundation
import NativeAuthWire

/// MFA: the `mfa_required` branch after a first factor, `/oauth2/v2.0/introspect` and the challenge with `id`
/// (docs/native-auth.md).
extension RequestTransaction {
    /// After a first factor: JIT registration when the tenant requires a method the user lacks, then MFA when
    /// the user (or tenant) needs it, else tokens. Without the needed capability the answer is a redirect.
    func afterFirstFactor(user: UserRecord, state: FlowProgress, scopes: [String], allowMFA: Bool) throws
        -> EndpointResult
    {
        let capabilities = Set(state.capabilities)
        var next = state
        next.session = newID()
        next.userID = user.id
        next.passwordHash = nil
        next.method = nil
        if configuration.registration.required && user.methods.isEmpty {
            guard capabilities.contains("registration_required") else {
                return .ok(Bodies.redirect("Client is missing registration_required capability"))
            }
            next.phase = .registrationRequired
            let token = try issue(
                .register, steps: [.registerIntrospect, .registerChallenge], username: user.username, state: next)
            return .failure(.registrationRequired(token))
        }
        if allowMFA && (user.mfa || configuration.mfa.required) {
            guard capabilities.contains("mfa_required") else {
                return .ok(Bodies.redirect("Client is missing mfa_required capability"))
            }
            next.phase = .mfaRequired
            let token = try issue(
                .mfa, steps: [.signInIntrospect, .signInChallenge], username: user.username, state: next)
            return .failure(.mfaRequired(token))
        }
        return try issueTokens(for: user, scopes: scopes)
    }

    func mfaIntrospect() throws -> EndpointResult {
        let record = try continuation([.mfa])
        var state = record.state
        let user = try user(state)
        state.phase = .mfaRequired
        try consume(record)
        let token = try issue(
            .mfa, steps: [.signInChallenge, .signInIntrospect], username: record.username, state: state)
        let methods = mfaMethods(for: user).map { method -> [String: Value] in
            [
                "id": .string(method.id), "challenge_type": .string("oob"),
                "challenge_channel": .string(method.channel), "login_hint": .string(Contacts.label(for: method.target)),
            ]
        }
        return .ok(Bodies.methods(token, methods))
    }

    /// The challenge of an `mfa` continuation: sends a code to the method named by `id` (or the only one).
    func mfaChallenge(_ record: ContinuationRecord) throws -> EndpointResult {
        var state = record.state
        if let types = try context.challengeTypes(required: false) { state.challengeTypes = types.sorted() }
        let methods = mfaMethods(for: try user(state))
        let method: StrongAuthMethod
        if let id = context.text("id") {
            guard let chosen = methods.first(where: { $0.id == id }) else {
                throw EmulatorError.invalidParameter("id")
            }
            method = chosen
        } else if methods.count == 1, let only = methods.first {
            method = only
        } else {
            throw EmulatorError.introspectRequired
        }
        guard state.challengeTypes.contains("oob") else {
            return try redirect("The client does not support the oob challenge type.", consuming: record)
        }
        if isBlocked(method.target) { throw EmulatorError.providerBlocked }
        state.method = method
        return .ok(
            try sendCode(
                from: record, state: state, flow: .mfa, phase: .mfaCodeSent,
                steps: [.token, .signInChallenge, .signInIntrospect], purpose: .mfa, to: method.target,
                channel: method.channel))
    }

    /// The second-factor methods of a user: the registered ones, else their email address.
    func mfaMethods(for user: UserRecord) -> [StrongAuthMethod] {
        if !user.methods.isEmpty { return user.methods }
        return [StrongAuthMethod(id: "email", channel: "email", target: user.username)]
    }

    /// Whether the tenant refuses to send codes to `target`.
    func isBlocked(_ target: String) -> Bool {
        configuration.blockedTargets.contains { $0.lowercased() == target.lowercased() }
    }
}
