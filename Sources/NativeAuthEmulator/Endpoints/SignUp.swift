import FlowrunFoundation
import NativeAuthTenant
import NativeAuthWire

/// `/signup/v1.0/start`, `/challenge`, `/continue` (docs/native-auth.md).
extension RequestTransaction {
    func signUpStart() throws -> EndpointResult {
        let username = try context.username()
        let types = try context.challengeTypes(required: true) ?? []
        let signUp = configuration.signUp
        if let reason = signUpRedirectReason(types) { return .ok(Bodies.redirect(reason)) }
        let password = context.secret("password")
        if password != nil && signUp.method == .emailOTP && !signUp.passwordAllowed {
            throw EmulatorError.unsupportedAuthMethod
        }
        if try store.user(named: username) != nil { throw EmulatorError.userAlreadyExists }
        var passwordHash: String?
        if let password {
            if let problem = PasswordRules.problem(with: password, policy: configuration.passwordPolicy) {
                throw EmulatorError.invalidPassword(problem)
            }
            passwordHash = try prepared.hash(password, iterations: configuration.passwordHash.iterations)
        }
        var attributes: [String: String] = [:]
        if let text = context.text("attributes") {
            guard
                let check = prepared.checkAttributes(text, rules: signUp.requiredAttributes + signUp.optionalAttributes)
            else { throw EmulatorError.invalidParameter("attributes") }
            guard check.invalid.isEmpty else { throw EmulatorError.attributeValidationFailed(check.invalid) }
            attributes = check.accepted
        }
        let state = FlowProgress(
            phase: .signUpStarted, session: newID(), passwordHash: passwordHash, attributes: attributes,
            challengeTypes: types.sorted(), capabilities: context.capabilities.sorted())
        let token = try issue(.signUp, steps: [.signUpChallenge], username: username, state: state)
        return .ok(Bodies.continuation(token))
    }

    func signUpChallenge() throws -> EndpointResult {
        let record = try continuation([.signUp])
        var state = record.state
        if let types = try context.challengeTypes(required: false) { state.challengeTypes = types.sorted() }
        let types = Set(state.challengeTypes)
        switch state.phase {
        case .signUpStarted, .signUpCodeSent:
            if let reason = signUpRedirectReason(types) { return try redirect(reason, consuming: record) }
            return .ok(
                try sendCode(
                    from: record, state: state, flow: .signUp, phase: .signUpCodeSent,
                    steps: [.signUpContinue, .signUpChallenge], purpose: .signUp, to: record.username,
                    channel: "email"))
        case .signUpCredentialRequired:
            guard types.contains("password") else {
                return try redirect("The client does not support the password challenge type.", consuming: record)
            }
            state.phase = .signUpPasswordChallenge
            try consume(record)
            let token = try issue(.signUp, steps: [.signUpContinue], username: record.username, state: state)
            return .ok(Bodies.passwordChallenge(token))
        default:
            throw EmulatorError.invalidContinuation("The continuation token does not allow a challenge now.")
        }
    }

    func signUpContinue() throws -> EndpointResult {
        let record = try continuation([.signUp])
        let grant = try context.required("grant_type")
        var state = record.state
        switch (grant, state.phase) {
        case ("oob", .signUpCodeSent):
            if case .rejected(let error) = try verifyCode(for: record) { return .failure(error) }
        case ("password", .signUpPasswordChallenge):
            guard let password = context.secret("password") else { throw EmulatorError.invalidParameter("password") }
            if let problem = PasswordRules.problem(with: password, policy: configuration.passwordPolicy) {
                throw EmulatorError.invalidPassword(problem)
            }
            state.passwordHash = try prepared.hash(password, iterations: configuration.passwordHash.iterations)
        case ("attributes", .signUpAttributesRequired):
            guard let text = context.text("attributes"),
                let check = prepared.checkAttributes(text, rules: configuration.signUp.requiredAttributes)
            else {
                throw EmulatorError.invalidParameter("attributes")
            }
            guard check.invalid.isEmpty else { throw EmulatorError.attributeValidationFailed(check.invalid) }
            state.attributes.merge(check.accepted) { _, new in new }
        case ("oob", _), ("password", _), ("attributes", _):
            throw EmulatorError.invalidContinuation("The continuation token does not allow this grant now.")
        default:
            throw EmulatorError.invalidParameter("grant_type")
        }
        let outcome = try advanceSignUp(username: record.username, state: state)
        if grant == "attributes", case .failure(let error) = outcome, error.error == "attributes_required" {
            // Another page is needed: the answer carries a new token, but the SDKs may retry with this one
            // (MSAL.js hands the app no state holding the new token), so it stays usable, with what it collected.
            var kept = record
            kept.state = state
            try store.update(kept)
            return outcome
        }
        try consume(record)
        return outcome
    }

    /// After a successful step: ask for the password, then the next page of attributes, else create the user.
    private func advanceSignUp(username: String, state: FlowProgress) throws -> EndpointResult {
        var state = state
        let signUp = configuration.signUp
        if signUp.method == .emailPassword && state.passwordHash == nil {
            state.phase = .signUpCredentialRequired
            let token = try issue(.signUp, steps: [.signUpChallenge], username: username, state: state)
            return .failure(.credentialRequired(token))
        }
        if let round = AttributeRules.nextRound(collected: state.attributes, requirements: signUp.requiredAttributes) {
            state.phase = .signUpAttributesRequired
            let token = try issue(.signUp, steps: [.signUpContinue], username: username, state: state)
            return .failure(.attributesRequired(token, round.map(\.descriptor)))
        }
        let user = try createUser(username: username, state: state)
        state.phase = .signUpCompleted
        state.userID = user.id
        state.passwordHash = nil
        let token = try issue(.signUp, steps: [.token], username: username, state: state)
        return .ok(Bodies.continuation(token, expiresIn: configuration.continuationLifetimeSeconds))
    }

    private func createUser(username: String, state: FlowProgress) throws -> UserRecord {
        if try store.user(named: username) != nil { throw EmulatorError.userAlreadyExists }
        // A user's id is in their tokens (`oid`): random, so that it does not tell when they signed up.
        let user = UserRecord(
            id: RandomUUID.lowercased(), username: username, passwordHash: state.passwordHash,
            attributes: state.attributes,
            mfa: false, methods: [], createdAt: now, updatedAt: now)
        do {
            try store.insert(user)
        } catch StoreConflict.userAlreadyExists {
            throw EmulatorError.userAlreadyExists
        }
        return user
    }

    /// Why this client cannot sign users up here, or nil: the email is verified by `oob`, and an
    /// `emailPassword` sign-up also needs `password`.
    private func signUpRedirectReason(_ types: Set<String>) -> String? {
        if !types.contains("oob") {
            return "The client does not support the oob challenge type needed to verify the email address."
        }
        if configuration.signUp.method == .emailPassword && !types.contains("password") {
            return "Sign-up needs a password and the client does not support the password challenge type."
        }
        return nil
    }
}
