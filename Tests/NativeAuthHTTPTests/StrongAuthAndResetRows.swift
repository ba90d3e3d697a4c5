import FlowEngine
import FlowModel
import FlowrunFoundation
import NativeAuth
import NativeAuthWire

/// Section 7, register/* and resetpassword/*.
enum StrongAuthAndResetRows {
    static let registerState = flowState(
        "register", "challenge", token: "ct-reg", methods: #"[{"channel":"email","id":"email"}]"#)
    static let registerCodeState = flowState(
        "register", "code", token: "ct-reg-code", methods: #"[{"channel":"email","id":"email"}]"#)

    static func register(
        _ name: String, _ answers: [NativeAuthEndpoint: [Canned]], _ outcome: String,
        submit: Bool = false, data: [String: Value] = [:], error: String? = nil
    ) -> WireRow {
        WireRow(
            name: "register: \(name)", action: submit ? "registration.submitCode" : "registration.requestChallenge",
            arguments: submit ? codeArgument : ["target": .string(user)],
            state: submit ? registerCodeState : registerState,
            answers: answers, outcome: outcome, data: data, error: error)
    }

    static let registerRows: [WireRow] = [
        WireRow(
            name: "register: RegistraionIntrospectSuccess", action: "signIn.submitCode", arguments: codeArgument,
            state: SignInRows.codeState,
            answers: [
                .token: [.error("invalid_grant", suberror: "registration_required", token: "ct-reg")],
                .registerIntrospect: [Bodies.introspect("ct-ri")],
            ], outcome: "registrationRequired",
            data: ["methods": [["id": "m1", "channel": "email", "loginHint": .string(maskedUser)]]]),
        register(
            "RegistraionChallengeSuccess", [.registerChallenge: [Bodies.oob("ct-rc")]], "codeRequired",
            data: emailCodeData),
        register(
            "RegistraionChallengeSMSSuccess", [.registerChallenge: [Bodies.oob("ct-rc", channel: "sms")]],
            "codeRequired",
            data: ["channel": "sms", "codeLength": 8]),
        register(
            "RegistraionInvalidChallengeTarget", [.registerChallenge: [.error("invalid_request", codes: [901001])]],
            "invalidInput"),
        register(
            "AuthMethodBlocked",
            [.registerChallenge: [.error("access_denied", suberror: "provider_blocked_by_rep", codes: [550024])]],
            "authMethodBlocked"),
        register(
            "RegistrationContinueSuccess", [.registerContinue: [Bodies.token("ct-rdone")], .token: [Bodies.tokens()]],
            "completed", submit: true, data: ["username": .string(user)]),
        register(
            "RegistrationInvalidOOBValue",
            [.registerContinue: [.error("invalid_grant", suberror: "invalid_oob_value", codes: [50181])]],
            "invalidCode",
            submit: true),
        register("ChallengeTypeRedirect", [.registerChallenge: [Bodies.redirect()]], "browserRequired"),
        register("ExpiredToken", [.registerContinue: [.error("expired_token")]], "expired", submit: true),
        register(
            "InvalidRequest", [.registerChallenge: [.error("invalid_request", codes: [90100])]], "unexpected",
            error: "invalid_request"),
    ]

    static let resetCodeState = flowState("resetpassword", "code", token: "ct-code")
    static let resetPasswordState = flowState("resetpassword", "password", token: "ct-pw")

    static func start(
        _ name: String, _ answer: Canned, _ outcome: String, data: [String: Value] = [:],
        error: String? = nil
    ) -> WireRow {
        WireRow(
            name: "resetpassword/start: \(name)", action: "resetPassword.start", arguments: usernameArgument,
            answers: [.resetPasswordStart: [answer], .resetPasswordChallenge: [Bodies.oob("ct-code")]],
            outcome: outcome, data: data, error: error)
    }

    static func step(
        _ name: String, _ action: String, _ answers: [NativeAuthEndpoint: [Canned]], _ outcome: String,
        data: [String: Value] = [:], error: String? = nil
    ) -> WireRow {
        let (state, arguments): ([String: String], [String: Value]) =
            switch action {
            case "resetPassword.submitCode": (resetCodeState, codeArgument)
            case "resetPassword.submitPassword": (resetPasswordState, newPasswordArgument)
            default: (resetCodeState, [:])
            }
        return WireRow(
            name: "resetpassword/\(name)", action: action, arguments: arguments, state: state, answers: answers,
            outcome: outcome, data: data, error: error)
    }

    static let submitted: [NativeAuthEndpoint: [Canned]] = [
        .resetPasswordSubmit: [.ok(["continuation_token": "ct-submit", "poll_interval": 0])]
    ]

    static func poll(_ answers: Canned...) -> [NativeAuthEndpoint: [Canned]] {
        submitted.merging([.resetPasswordPollCompletion: answers]) { $1 }
    }

    static let succeeded = Canned.ok(["status": "succeeded", "continuation_token": "ct-after"])

    static let resetRows: [WireRow] =
        [
            start("SSPRStartSuccess", Bodies.token("ct-start"), "codeRequired", data: emailCodeData),
            start("UserNotFound", .error("user_not_found", codes: [50034]), "userNotFound"),
            start(
                "UnsupportedChallengeType", .error("unsupported_challenge_type"), "unexpected",
                error: "unsupported_challenge_type"),
            start("UnauthorizedClient", .error("unauthorized_client"), "unexpected", error: "unauthorized_client"),
            start(
                "user without password (500222)", .error("invalid_request", codes: [500222]), "userDoesNotHavePassword"),
            start("ChallengeTypeRedirect", Bodies.redirect(), "browserRequired"),
            step(
                "challenge: OOB", "resetPassword.resendCode", [.resetPasswordChallenge: [Bodies.oob("ct-c2")]],
                "codeRequired", data: emailCodeData),
            step(
                "challenge: ChallengeTypeRedirect", "resetPassword.resendCode",
                [.resetPasswordChallenge: [Bodies.redirect()]], "browserRequired"),
            step(
                "challenge: ExpiredToken", "resetPassword.resendCode",
                [.resetPasswordChallenge: [.error("expired_token")]], "expired"),
            step(
                "continue: SSPRContinueSuccess", "resetPassword.submitCode",
                [.resetPasswordContinue: [.ok(["continuation_token": "ct-pw", "expires_in": 600])]], "passwordRequired"),
            step(
                "continue: InvalidOOBValue", "resetPassword.submitCode",
                [.resetPasswordContinue: [.error("invalid_grant", suberror: "invalid_oob_value", codes: [50181])]],
                "invalidCode"),
            step(
                "continue: InvalidPassword", "resetPassword.submitCode",
                [.resetPasswordContinue: [.error("invalid_grant", codes: [50126])]], "unexpected",
                error: "invalid_grant"),
            step(
                "continue: ChallengeTypeRedirect", "resetPassword.submitCode",
                [.resetPasswordContinue: [Bodies.redirect()]], "browserRequired"),
            step(
                "submit: SSPRSubmitSuccess + SSPRPollSuccess", "resetPassword.submitPassword", poll(succeeded),
                "completed", data: ["username": .string(user)]),
            step(
                "submit: ChallengeTypeRedirect", "resetPassword.submitPassword",
                [.resetPasswordSubmit: [Bodies.redirect()]], "browserRequired"),
            step(
                "poll_completion: SSPRPollInProgress, then success", "resetPassword.submitPassword",
                poll(.ok(["status": "in_progress"]), succeeded), "completed"),
            step(
                "poll_completion: SSPRPollNotStarted, then success", "resetPassword.submitPassword",
                poll(.ok(["status": "not_started"]), succeeded), "completed"),
            step(
                "poll_completion: SSPRPollFailed", "resetPassword.submitPassword", poll(.ok(["status": "failed"])),
                "unexpected", error: "password_reset_failed"),
            step(
                "poll_completion: UserNotFound", "resetPassword.submitPassword", poll(.error("user_not_found")),
                "userNotFound"),
            step(
                "poll_completion: ExpiredToken", "resetPassword.submitPassword", poll(.error("expired_token")),
                "expired"),
            step(
                "poll_completion: ChallengeTypeRedirect", "resetPassword.submitPassword", poll(Bodies.redirect()),
                "browserRequired"),
        ]
        + passwordSuberrors.flatMap { name, suberror in
            [
                step(
                    "submit: \(name)", "resetPassword.submitPassword",
                    [.resetPasswordSubmit: [.error("invalid_grant", suberror: suberror)]], "invalidPassword",
                    data: ["reason": .string(suberror)]),
                step(
                    "poll_completion: \(name)", "resetPassword.submitPassword",
                    poll(.error("invalid_grant", suberror: suberror)), "invalidPassword",
                    data: ["reason": .string(suberror)]),
            ]
        }
}
