import NativeAuthWire

/// Self-service password reset: `/resetpassword/v1.0/start`, `/challenge`, `/continue`, `/submit`,
/// `/poll_completion` (docs/native-auth.md).
extension RequestTransaction {
    func resetPasswordStart() throws -> EndpointResult {
        let username = try context.username()
        let types = try context.challengeTypes(required: true) ?? []
        guard types.contains("oob") else {
            return .ok(Bodies.redirect("The client does not support the oob challenge type needed for a reset."))
        }
        guard let user = try store.user(named: username) else { throw EmulatorError.userNotFound }
        guard user.passwordHash != nil else { throw EmulatorError.userHasNoPassword }
        let state = FlowProgress(
            phase: .resetStarted, session: newID(), userID: user.id, challengeTypes: types.sorted(),
            capabilities: context.capabilities.sorted())
        let token = try issue(.resetPassword, steps: [.resetPasswordChallenge], username: user.username, state: state)
        return .ok(Bodies.continuation(token))
    }

    func resetPasswordChallenge() throws -> EndpointResult {
        let record = try continuation([.resetPassword])
        var state = record.state
        if let types = try context.challengeTypes(required: false) { state.challengeTypes = types.sorted() }
        guard state.challengeTypes.contains("oob") else {
            return try redirect("The client does not support the oob challenge type.", consuming: record)
        }
        let user = try user(state)
        return .ok(
            try sendCode(
                from: record, state: state, flow: .resetPassword, phase: .resetCodeSent,
                steps: [.resetPasswordContinue, .resetPasswordChallenge], purpose: .resetPassword, to: user.username,
                channel: "email"))
    }

    func resetPasswordContinue() throws -> EndpointResult {
        let record = try continuation([.resetPassword])
        guard try context.required("grant_type") == "oob" else { throw EmulatorError.invalidParameter("grant_type") }
        var state = record.state
        guard state.phase == .resetCodeSent else {
            throw EmulatorError.invalidContinuation("The continuation token does not allow this grant now.")
        }
        if case .rejected(let error) = try verifyCode(for: record) { return .failure(error) }
        try consume(record)
        state.phase = .resetVerified
        let token = try issue(.resetPassword, steps: [.resetPasswordSubmit], username: record.username, state: state)
        return .ok(Bodies.continuation(token, expiresIn: configuration.continuationLifetimeSeconds))
    }

    func resetPasswordSubmit() throws -> EndpointResult {
        let record = try continuation([.resetPassword])
        guard let password = context.secret("new_password") else {
            throw EmulatorError.invalidParameter("new_password")
        }
        if let problem = PasswordRules.problem(with: password, policy: configuration.passwordPolicy) {
            throw EmulatorError.invalidPassword(problem)
        }
        let user = try user(record.state)
        if let current = user.passwordHash, prepared.verify(password, against: current) {
            throw EmulatorError.invalidPassword(.recentlyUsed)
        }
        var state = record.state
        state.passwordHash = try prepared.hash(password, iterations: configuration.passwordHash.iterations)
        state.phase = .resetSubmitted
        state.polls = 0
        try consume(record)
        let token = try issue(
            .resetPassword, steps: [.resetPasswordPollCompletion], username: record.username, state: state)
        return .ok(Bodies.submitted(token, pollInterval: configuration.resetPassword.pollInterval))
    }

    /// `in_progress` for the first `resetPassword.pollsInProgress` polls (the same token each time), then the
    /// password is changed and `succeeded` carries a token for sign-in.
    func resetPasswordPollCompletion() throws -> EndpointResult {
        var record = try continuation([.resetPassword])
        var state = record.state
        if state.polls < configuration.resetPassword.pollsInProgress {
            record.state.polls += 1
            try store.update(record)
            return .ok(Bodies.poll("in_progress"))
        }
        var user = try user(state)
        user.passwordHash = state.passwordHash
        user.updatedAt = now
        try store.update(user)
        // A new password ends every session of the old one: all the user's refresh-token families are revoked.
        try store.revokeRefreshTokens(user: user.id)
        try consume(record)
        state.phase = .resetCompleted
        state.passwordHash = nil
        let token = try issue(.resetPassword, steps: [.token], username: record.username, state: state)
        return .ok(Bodies.poll("succeeded", token: token))
    }
}
