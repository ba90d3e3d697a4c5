import FlowrunFoundation

/// The 200 bodies of the native-auth API (docs/native-auth.md).
enum Bodies {
    static func continuation(_ token: String, expiresIn: Int? = nil) -> [String: Value] {
        var body: [String: Value] = ["continuation_token": .string(token)]
        if let expiresIn { body["expires_in"] = .integer(expiresIn) }
        return body
    }

    /// A code was sent: `challenge_type: oob` with the masked target, channel, code length and resend interval.
    static func oobChallenge(
        _ token: String, label: String, channel: String, codeLength: Int, interval: Int
    ) -> [String: Value] {
        [
            "continuation_token": .string(token), "challenge_type": .string("oob"), "binding_method": .string("prompt"),
            "challenge_channel": .string(channel), "challenge_target_label": .string(label),
            "code_length": .integer(codeLength), "interval": .integer(interval),
        ]
    }

    static func passwordChallenge(_ token: String) -> [String: Value] {
        ["continuation_token": .string(token), "challenge_type": .string("password")]
    }

    /// The browser fallback: no continuation token.
    static func redirect(_ reason: String) -> [String: Value] {
        ["challenge_type": .string("redirect"), "redirect_reason": .string(reason)]
    }

    static func preverified(_ token: String) -> [String: Value] {
        ["continuation_token": .string(token), "challenge_type": .string("preverified")]
    }

    static func methods(_ token: String, _ methods: [[String: Value]]) -> [String: Value] {
        ["continuation_token": .string(token), "methods": .list(methods.map(Value.object))]
    }

    static func submitted(_ token: String, pollInterval: Int) -> [String: Value] {
        ["continuation_token": .string(token), "poll_interval": .integer(pollInterval)]
    }

    static func poll(_ status: String, token: String? = nil) -> [String: Value] {
        var body: [String: Value] = ["status": .string(status)]
        if let token { body["continuation_token"] = .string(token) }
        return body
    }
}
