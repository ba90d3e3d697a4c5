import NativeAuthWire

/// How a user signs in with a given client: the first factor, or why a browser is needed.
enum SignInMethod: Equatable {
    case password
    case oob
    case redirect(String)
}

/// `/oauth2/v2.0/initiate` and `/oauth2/v2.0/challenge` (docs/native-auth.md).
extension RequestTransaction {
    func signInInitiate() throws -> EndpointResult {
        let username = try context.username()
        let types = try context.challengeTypes(required: true) ?? []
        guard let user = try store.user(named: username) else { throw EmulatorError.userNotFound }
        if case .redirect(let reason) = signInMethod(for: user, types: types) { return .ok(Bodies.redirect(reason)) }
        let state = FlowProgress(
            phase: .signInInitiated, session: newID(), userID: user.id, challengeTypes: types.sorted(),
            capabilities: context.capabilities.sorted())
        let token = try issue(.signIn, steps: [.signInChallenge], username: user.username, state: state)
        return .ok(Bodies.continuation(token))
    }

    /// Sign-in challenge, or the MFA challenge when the token belongs to the `mfa` flow.
    func signInChallenge() throws -> EndpointResult {
        let record = try continuation([.signIn, .mfa])
        if record.flow == Flow.mfa.rawValue { return try mfaChallenge(record) }
        var state = record.state
        if let types = try context.challengeTypes(required: false) { state.challengeTypes = types.sorted() }
        let user = try user(state)
        switch signInMethod(for: user, types: Set(state.challengeTypes)) {
        case .redirect(let reason):
            return try redirect(reason, consuming: record)
        case .password:
            state.phase = .signInPasswordChallenge
            try consume(record)
            let token = try issue(.signIn, steps: [.token, .signInChallenge], username: record.username, state: state)
            return .ok(Bodies.passwordChallenge(token))
        case .oob:
            return .ok(
                try sendCode(
                    from: record, state: state, flow: .signIn, phase: .signInCodeSent,
                    steps: [.token, .signInChallenge], purpose: .signIn, to: user.username, channel: "email"))
        }
    }

    /// A user with a password gets `password` when the client lists it, else `oob` when the client lists it and
    /// the tenant allows email OTP sign-in; a user without a password gets `oob`; otherwise a redirect.
    func signInMethod(for user: UserRecord, types: Set<String>) -> SignInMethod {
        if user.passwordHash != nil {
            if types.contains("password") { return .password }
            if types.contains("oob") && configuration.signIn.emailOTP { return .oob }
            return .redirect("The client's challenge types cannot sign this user in; a browser is required.")
        }
        if types.contains("oob") { return .oob }
        return .redirect("The user has no password and the client does not support the oob challenge type.")
    }
}
