import FlowEngine
import FlowModel
import FlowrunFoundation
import NativeAuth
import NativeAuthWire

/// Section 7, initiate, oauth2/challenge, oauth2/introspect and token.
enum SignInRows {
    static let codeState = flowState("signin", "code", token: "ct-code")
    static let passwordState = flowState("signin", "password", token: "ct-pw")
    static let mfaState = flowState("mfa", "challenge", token: "ct-mfa", methods: #"[{"channel":"email","id":"m1"}]"#)
    static let mfaStateWithoutMethods = flowState("mfa", "challenge", token: "ct-mfa")

    static func initiate(
        _ name: String, _ answer: Canned, _ outcome: String, data: [String: Value] = [:],
        error: String? = nil
    ) -> WireRow {
        WireRow(
            name: "initiate: \(name)", action: "signIn.start", arguments: usernameArgument,
            answers: [.signInInitiate: [answer], .signInChallenge: [Bodies.oob("ct-code")]], outcome: outcome,
            data: data, error: error)
    }

    static let initiateRows: [WireRow] = [
        initiate("InitiateSuccess", Bodies.token("ct-init"), "codeRequired", data: emailCodeData),
        initiate(
            "ChallengeTypeRedirect", Bodies.redirect("use a browser"), "browserRequired",
            data: ["reason": "use a browser"]),
        initiate("UnauthorizedClient", .error("unauthorized_client"), "unexpected", error: "unauthorized_client"),
        initiate("UserNotFound", .error("user_not_found", codes: [50034]), "userNotFound"),
        initiate(
            "UnsupportedChallengeType", .error("unsupported_challenge_type"), "unexpected",
            error: "unsupported_challenge_type"),
    ]

    static func challenge(
        _ name: String, _ answer: Canned, _ outcome: String, data: [String: Value] = [:],
        error: String? = nil
    ) -> WireRow {
        WireRow(
            name: "oauth2/challenge: \(name)", action: "signIn.resendCode", state: codeState,
            answers: [.signInChallenge: [answer]], outcome: outcome, data: data, error: error)
    }

    static let challengeRows: [WireRow] = [
        WireRow(
            name: "oauth2/challenge: ChallengeTypePassword", action: "signIn.start", arguments: usernameArgument,
            answers: [
                .signInInitiate: [Bodies.token("ct-init")], .signInChallenge: [Bodies.passwordChallenge("ct-pw")],
            ],
            outcome: "passwordRequired"),
        challenge(
            "ChallengeTypeOOB (code_length 6)", Bodies.oob("ct-code2", length: 6), "codeRequired",
            data: ["sentTo": .string(maskedUser), "channel": "email", "codeLength": 6]),
        challenge(
            "ChallengeSuccessSMS", Bodies.oob("ct-code2", channel: "sms"), "codeRequired",
            data: ["sentTo": "+*******1234", "channel": "sms", "codeLength": 8]),
        challenge("ChallengeTypeRedirect", Bodies.redirect(), "browserRequired"),
        challenge("UnauthorizedClient", .error("unauthorized_client"), "unexpected", error: "unauthorized_client"),
        challenge(
            "InvalidContinuationToken", .error("invalid_request", codes: [55000]), "unexpected",
            error: "invalid_request"),
        WireRow(
            name: "oauth2/challenge: AuthMethodBlocked", action: "mfa.requestChallenge", state: mfaState,
            answers: [
                .signInChallenge: [.error("access_denied", suberror: "provider_blocked_by_rep", codes: [550024])]
            ],
            outcome: "authMethodBlocked"),
        challenge("ExpiredToken", .error("expired_token", codes: [552003]), "expired"),
        challenge(
            "UnsupportedChallengeType", .error("unsupported_challenge_type"), "unexpected",
            error: "unsupported_challenge_type"),
        challenge(
            "IntrospectRequired (Android)", .error("invalid_request", suberror: "introspect_required"), "unexpected",
            error: "invalid_request"),
    ]

    static let introspectRows: [WireRow] = [
        WireRow(
            name: "oauth2/introspect: IntrospectSuccess", action: "mfa.requestChallenge",
            state: mfaStateWithoutMethods,
            answers: [.signInIntrospect: [Bodies.introspect("ct-i")], .signInChallenge: [Bodies.oob("ct-mfa-code")]],
            outcome: "codeRequired", data: emailCodeData),
        WireRow(
            name: "oauth2/introspect: IntrospectSMSSuccess", action: "mfa.requestChallenge",
            state: mfaStateWithoutMethods,
            answers: [
                .signInIntrospect: [Bodies.introspect("ct-i", channel: "sms")],
                .signInChallenge: [Bodies.oob("ct-mfa-code", channel: "sms")],
            ], outcome: "codeRequired", data: ["channel": "sms"]),
        WireRow(
            name: "oauth2/introspect: ChallengeTypeRedirect", action: "mfa.requestChallenge",
            state: mfaStateWithoutMethods, answers: [.signInIntrospect: [Bodies.redirect()]], outcome: "browserRequired"
        ),
        WireRow(
            name: "oauth2/introspect: InvalidToken", action: "mfa.requestChallenge", state: mfaStateWithoutMethods,
            answers: [.signInIntrospect: [.error("invalid_request", codes: [55000])]], outcome: "unexpected",
            error: "invalid_request"),
    ]

    static func token(
        _ name: String, _ answers: [NativeAuthEndpoint: [Canned]], _ outcome: String,
        action: String = "signIn.submitCode", data: [String: Value] = [:], error: String? = nil
    ) -> WireRow {
        let password = action == "signIn.submitPassword"
        return WireRow(
            name: "token: \(name)", action: action, arguments: password ? newPasswordArgument : codeArgument,
            state: password ? passwordState : codeState, answers: answers, outcome: outcome, data: data,
            error: error, configuration: .capable)
    }

    static let tokenRows: [WireRow] = [
        token("TokenSuccess", [.token: [Bodies.tokens()]], "completed", data: ["username": .string(user)]),
        token("ChallengeTypeRedirect", [.token: [Bodies.redirect()]], "browserRequired"),
        token(
            "InvalidContinuationToken", [.token: [.error("invalid_request", codes: [55000])]], "unexpected",
            error: "invalid_request"),
        token(
            "MFARequired",
            [
                .token: [.error("invalid_grant", suberror: "mfa_required", codes: [50076], token: "ct-mfa")],
                .signInIntrospect: [Bodies.introspect("ct-i")],
            ], "mfaRequired",
            data: ["methods": [["id": "m1", "channel": "email", "loginHint": .string(maskedUser)]]]),
        token(
            "RegistrationRequired",
            [
                .token: [.error("invalid_grant", suberror: "registration_required", codes: [50079], token: "ct-reg")],
                .registerIntrospect: [Bodies.introspect("ct-ri")],
            ], "registrationRequired"),
        token(
            "InvalidPassword", [.token: [.error("invalid_grant", codes: [50126])]], "invalidCredentials",
            action: "signIn.submitPassword"),
        token(
            "InvalidOOBValue", [.token: [.error("invalid_grant", suberror: "invalid_oob_value", codes: [50181])]],
            "invalidCode"),
        token("InvalidGrant", [.token: [.error("invalid_grant")]], "unexpected", error: "invalid_grant"),
        token("ExpiredToken", [.token: [.error("expired_token", codes: [552003])]], "expired"),
        token(
            "UnsupportedChallengeType", [.token: [.error("unsupported_challenge_type")]], "unexpected",
            error: "unsupported_challenge_type"),
        token(
            "AuthorizationPending", [.token: [.error("authorization_pending")]], "unexpected",
            error: "authorization_pending"),
        token("SlowDown", [.token: [.error("slow_down")]], "unexpected", error: "slow_down"),
        token(
            "InvalidAuthMethodForUser (Android)", [.token: [.error("invalid_grant", codes: [400002])]], "unexpected",
            error: "invalid_grant"),
        token("InvalidScope (Android)", [.token: [.error("invalid_scope")]], "unexpected", error: "invalid_scope"),
        token("InvalidClient (Android)", [.token: [.error("invalid_client")]], "unexpected", error: "invalid_client"),
        WireRow(
            name: "token: expired_refresh_token (refresh)", action: "token.get",
            answers: [.token: [.error("expired_refresh_token")]],
            outcome: "refreshTokenExpired", account: Bodies.expiredAccount()),
    ]
}
