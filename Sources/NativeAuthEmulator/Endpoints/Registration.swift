import FlowrunFoundation
import NativeAuthTenant
import NativeAuthWire

/// Just-in-time strong-auth registration: `/register/v1.0/introspect`, `/challenge`, `/continue`
/// (docs/native-auth.md).
extension RequestTransaction {
    func registerIntrospect() throws -> EndpointResult {
        let record = try continuation([.register])
        var state = record.state
        state.phase = .registrationRequired
        try consume(record)
        let token = try issue(
            .register, steps: [.registerChallenge, .registerIntrospect], username: record.username, state: state)
        let methods = configuration.registration.channels.map { channel -> [String: Value] in
            var method: [String: Value] = [
                "id": .string(channel), "challenge_type": .string("oob"), "challenge_channel": .string(channel),
            ]
            if channel == "email" { method["login_hint"] = .string(Contacts.label(for: record.username)) }
            return method
        }
        return .ok(Bodies.methods(token, methods))
    }

    func registerChallenge() throws -> EndpointResult {
        let record = try continuation([.register])
        var state = record.state
        // Here `challenge_type` names the method's type (`oob`, docs/native-auth.md), so it needs no
        // `redirect`; the client's own list is the one it gave when the sign-in started.
        if let requested = context.text("challenge_type") {
            let types = Set(requested.whitespaceSeparatedWords())
            guard types.contains("oob"), types.isSubset(of: ClientConfiguration.knownChallengeTypes) else {
                throw EmulatorError.unsupportedChallengeType
            }
        }
        let channel = context.text("challenge_channel") ?? "email"
        guard configuration.registration.channels.contains(channel) else {
            throw EmulatorError.invalidParameter("challenge_channel")
        }
        let target = try context.required("challenge_target")
        let valid = channel == "email" ? Contacts.isEmail(target) : Contacts.isPhoneNumber(target)
        guard valid else { throw EmulatorError.invalidContact }
        guard state.challengeTypes.contains("oob") else {
            return try redirect("The client does not support the oob challenge type.", consuming: record)
        }
        if isBlocked(target) { throw EmulatorError.providerBlocked }
        state.method = StrongAuthMethod(id: newID(), channel: channel, target: target)
        if channel == "email" && target.lowercased() == record.username.lowercased() {
            state.phase = .registrationPreverified
            try consume(record)
            let token = try issue(.register, steps: [.registerContinue], username: record.username, state: state)
            return .ok(Bodies.preverified(token))
        }
        var body = try sendCode(
            from: record, state: state, flow: .register, phase: .registrationCodeSent,
            steps: [.registerContinue, .registerChallenge], purpose: .registration, to: target, channel: channel)
        body["challenge_target"] = .string(target)
        return .ok(body)
    }

    func registerContinue() throws -> EndpointResult {
        let record = try continuation([.register])
        let grant = try context.required("grant_type")
        var state = record.state
        switch (grant, state.phase) {
        case ("oob", .registrationCodeSent):
            if case .rejected(let error) = try verifyCode(for: record) { return .failure(error) }
        case ("continuation_token", .registrationPreverified):
            break
        case ("oob", _), ("continuation_token", _):
            throw EmulatorError.invalidContinuation("The continuation token does not allow this grant now.")
        default:
            throw EmulatorError.invalidParameter("grant_type")
        }
        var user = try user(state)
        if let method = state.method,
            !user.methods.contains(where: {
                $0.channel == method.channel && $0.target.lowercased() == method.target.lowercased()
            })
        {
            user.methods.append(method)
            user.updatedAt = now
            try store.update(user)
        }
        try consume(record)
        state.phase = .registrationCompleted
        let token = try issue(.register, steps: [.token], username: record.username, state: state)
        return .ok(Bodies.continuation(token))
    }
}
