import FlowEngine
import FlowModel
import FlowrunFoundation
import NativeAuth
import NativeAuthWire

/// Section 7, signup/start, signup/challenge and signup/continue.
enum SignUpRows {
    static let codeState = flowState("signup", "code", token: "ct-code")
    static let passwordState = flowState("signup", "password", token: "ct-pw")
    static let attributesState = flowState("signup", "attributes", token: "ct-attr")

    static func start(
        _ name: String, _ answer: Canned, _ outcome: String, arguments: [String: Value] = usernameArgument,
        data: [String: Value] = [:], error: String? = nil
    ) -> WireRow {
        WireRow(
            name: "signup/start: \(name)", action: "signUp.start", arguments: arguments,
            answers: [.signUpStart: [answer], .signUpChallenge: [Bodies.oob("ct-code")]], outcome: outcome, data: data,
            error: error)
    }

    static let startRows: [WireRow] =
        [
            start("SignUpStartSuccess", Bodies.token("ct-start"), "codeRequired", data: emailCodeData),
            start(
                "ChallengeTypeRedirect", Bodies.redirect("needs a browser"), "browserRequired",
                data: ["reason": "needs a browser"]),
            start(
                "UnauthorizedClient", .error("unauthorized_client", codes: [700016]), "unexpected",
                error: "unauthorized_client"),
            start(
                "UnsupportedChallengeType", .error("unsupported_challenge_type"), "unexpected",
                error: "unsupported_challenge_type"),
            start("UserAlreadyExists", .error("user_already_exists", codes: [1_003_037]), "userAlreadyExists"),
            start(
                "AttributesRequired", .error("attributes_required", codes: [55106], token: "ct-x"), "unexpected",
                error: "attributes_required"),
            start(
                "AttributeValidationFailed",
                .error("invalid_grant", suberror: "attribute_validation_failed", invalid: ["city"]),
                "attributesInvalid",
                arguments: ["username": .string(user), "attributes": ["city": "x"]],
                data: ["invalidAttributes": ["city"]]),
            start(
                "AuthNotSupported", .error("unsupported_auth_method"), "authNotSupported", arguments: passwordArguments),
            start(
                "InvalidUsername",
                .error(
                    "invalid_request", codes: [90100],
                    description: "AADSTS90100: username parameter is empty or not valid."),
                "invalidUsername"),
        ]
        + passwordSuberrors.map { name, suberror in
            start(
                name, .error("invalid_grant", suberror: suberror, codes: [399246]), "invalidPassword",
                arguments: passwordArguments, data: ["reason": .string(suberror)])
        }

    static func challenge(
        _ name: String, _ answer: Canned, _ outcome: String, data: [String: Value] = [:], error: String? = nil
    ) -> WireRow {
        WireRow(
            name: "signup/challenge: \(name)", action: "signUp.resendCode", state: codeState,
            answers: [.signUpChallenge: [answer]], outcome: outcome, data: data, error: error)
    }

    static let challengeRows: [WireRow] = [
        WireRow(
            name: "signup/challenge: ChallengeTypePassword (right after start)", action: "signUp.start",
            arguments: usernameArgument,
            answers: [.signUpStart: [Bodies.token("ct-start")], .signUpChallenge: [Bodies.passwordChallenge("ct-pw")]],
            outcome: "unexpected", error: "invalid_response"),
        challenge("ChallengeTypeOOB", Bodies.oob("ct-code2"), "codeRequired", data: emailCodeData),
        challenge("ChallengeTypeRedirect", Bodies.redirect(), "browserRequired"),
        challenge("UnauthorizedClient", .error("unauthorized_client"), "unexpected", error: "unauthorized_client"),
        challenge("ExpiredToken", .error("expired_token", codes: [552003]), "expired"),
        challenge(
            "UnsupportedChallengeType", .error("unsupported_challenge_type"), "unexpected",
            error: "unsupported_challenge_type"),
    ]

    static func `continue`(
        _ name: String, _ answers: [NativeAuthEndpoint: [Canned]], _ outcome: String,
        action: String = "signUp.submitCode", data: [String: Value] = [:], error: String? = nil
    ) -> WireRow {
        let state: [String: String]
        let arguments: [String: Value]
        switch action {
        case "signUp.submitPassword": (state, arguments) = (passwordState, newPasswordArgument)
        case "signUp.submitAttributes": (state, arguments) = (attributesState, ["attributes": ["city": "Oslo"]])
        default: (state, arguments) = (codeState, codeArgument)
        }
        return WireRow(
            name: "signup/continue: \(name)", action: action, arguments: arguments, state: state, answers: answers,
            outcome: outcome, data: data, error: error)
    }

    static let continueRows: [WireRow] =
        [
            `continue`(
                "SignUpContinueSuccess (oob)", [.signUpContinue: [Bodies.token("ct-done")]], "completed",
                data: ["username": .string(user)]),
            `continue`(
                "SignUpContinueSuccess (password)", [.signUpContinue: [Bodies.token("ct-done")]], "completed",
                action: "signUp.submitPassword"),
            `continue`(
                "SignUpContinueSuccess (attributes)", [.signUpContinue: [Bodies.token("ct-done")]], "completed",
                action: "signUp.submitAttributes"),
            `continue`(
                "UnauthorizedClient", [.signUpContinue: [.error("unauthorized_client")]], "unexpected",
                error: "unauthorized_client"),
            `continue`(
                "InvalidGrant", [.signUpContinue: [.error("invalid_grant", codes: [55000])]], "unexpected",
                error: "invalid_grant"),
            `continue`("ExpiredToken", [.signUpContinue: [.error("expired_token", codes: [552003])]], "expired"),
            `continue`(
                "InvalidOOBValue",
                [.signUpContinue: [.error("invalid_grant", suberror: "invalid_oob_value", codes: [50181])]],
                "invalidCode"),
            `continue`("UserAlreadyExists", [.signUpContinue: [.error("user_already_exists")]], "userAlreadyExists"),
            `continue`(
                "AttributesRequired",
                [
                    .signUpContinue: [
                        .error(
                            "attributes_required", codes: [55106], token: "ct-attr",
                            required: [RequiredAttribute(name: "country", regex: "^[A-Z].*")])
                    ]
                ], "attributesRequired",
                data: [
                    "requiredAttributes": [
                        ["name": "country", "type": "string", "required": true, "regex": "^[A-Z].*"]
                    ]
                ]),
            `continue`(
                "VerificationRequired",
                [.signUpContinue: [.error("verification_required", token: "ct-v", unverified: ["email"])]],
                "unexpected",
                error: "verification_required"),
            `continue`(
                "AttributeValidationFailed",
                [
                    .signUpContinue: [
                        .error("invalid_grant", suberror: "attribute_validation_failed", invalid: ["city"])
                    ]
                ],
                "attributesInvalid", action: "signUp.submitAttributes", data: ["invalidAttributes": ["city"]]),
            `continue`(
                "CredentialRequired",
                [
                    .signUpContinue: [.error("credential_required", codes: [55103], token: "ct-cred")],
                    .signUpChallenge: [Bodies.passwordChallenge("ct-pw")],
                ], "passwordRequired"),
            `continue`("ChallengeTypeRedirect", [.signUpContinue: [Bodies.redirect()]], "browserRequired"),
        ]
        + passwordSuberrors.map { name, suberror in
            `continue`(
                name, [.signUpContinue: [.error("invalid_grant", suberror: suberror)]], "invalidPassword",
                action: "signUp.submitPassword", data: ["reason": .string(suberror)])
        }
}
