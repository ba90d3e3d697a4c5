import FlowEngine
import FlowModel
import FlowrunFoundation
import NativeAuth
import NativeAuthWire
import Testing

private let codeState = flowState("signup", "code", token: "ct-code")
private let passwordState = flowState("signup", "password", token: "ct-pw")
private let attributesState = flowState("signup", "attributes", token: "ct-attr", extra: ["attributePage": "1"])

private let start = MappingCase.Call(
    .signUpStart, ["username": user, "challenge_type": challengeTypes],
    absent: ["password", "attributes", "capabilities"])
private let challengeAfterStart = MappingCase.Call(
    .signUpChallenge, ["continuation_token": "ct-start", "challenge_type": challengeTypes])

@Suite struct SignUpStartMapping {
    static let cases: [MappingCase] = [
        MappingCase(
            action: "signUp.start", outcome: "codeRequired", arguments: ["username": .string(user)],
            answers: [.signUpStart: [Canned.token("ct-start")], .signUpChallenge: [Canned.oob("ct-code")]],
            calls: [start, challengeAfterStart],
            data: ["sentTo": "a***e@co**o.com", "channel": "email", "codeLength": 8],
            continuation: .fields(["flow": "signup", "step": "code", "continuationToken": "ct-code", "username": user])),
        MappingCase(
            action: "signUp.start", outcome: "codeRequired", note: "password, attributes, capabilities",
            arguments: [
                "username": .string(" \(user) "), "password": .string(plantedPassword),
                "attributes": ["displayName": "Ann", "city": "Oslo", "hobbies": ["Dancing", "Swimming"]],
            ],
            answers: [.signUpStart: [Canned.token("ct-start")], .signUpChallenge: [Canned.oob("ct-code")]],
            calls: [
                MappingCase.Call(
                    .signUpStart,
                    [
                        "username": user, "password": plantedPassword, "challenge_type": challengeTypes,
                        "attributes": #"{"city":"Oslo","displayName":"Ann","hobbies":"Dancing,Swimming"}"#,
                        "capabilities": "mfa_required registration_required",
                    ]),
                challengeAfterStart,
            ], configuration: .capable),
        MappingCase(
            action: "signUp.start", outcome: "userAlreadyExists", arguments: ["username": .string(user)],
            answers: [.signUpStart: [Canned.error("user_already_exists", codes: [1_003_037])]], calls: [start],
            continuation: .cleared),
        MappingCase(
            action: "signUp.start", outcome: "invalidUsername", note: "server 90100",
            arguments: ["username": "ann@-contoso.com"],
            answers: [
                .signUpStart: [
                    Canned.error(
                        "invalid_request", codes: [90100],
                        description: "AADSTS90100: username parameter is empty or not valid.")
                ]
            ], calls: [MappingCase.Call(.signUpStart, ["username": "ann@-contoso.com"])]),
        MappingCase(
            action: "signUp.start", outcome: "invalidUsername", note: "empty, client-side",
            arguments: ["username": "  "], continuation: .cleared),
        MappingCase(
            action: "signUp.start", outcome: "invalidUsername", note: "malformed, client-side",
            arguments: ["username": "not-an-email"]),
        MappingCase(
            action: "signUp.start", outcome: "invalidPassword",
            arguments: ["username": .string(user), "password": .string(plantedPassword)],
            answers: [.signUpStart: [Canned.error("invalid_grant", suberror: "password_too_weak", codes: [399246])]],
            calls: [MappingCase.Call(.signUpStart, ["password": plantedPassword])],
            data: ["reason": "password_too_weak"]),
        MappingCase(
            action: "signUp.start", outcome: "attributesInvalid",
            arguments: ["username": .string(user), "attributes": ["city": "x"]],
            answers: [
                .signUpStart: [
                    Canned.error("invalid_grant", suberror: "attribute_validation_failed", invalid: ["city"])
                ]
            ], calls: [MappingCase.Call(.signUpStart, ["attributes": #"{"city":"x"}"#])],
            data: ["invalidAttributes": ["city"]]),
        MappingCase(
            action: "signUp.start", outcome: "authNotSupported", note: "unsupported_auth_method",
            arguments: ["username": .string(user), "password": .string(plantedPassword)],
            answers: [.signUpStart: [Canned.error("unsupported_auth_method")]],
            calls: [MappingCase.Call(.signUpStart)]),
        MappingCase(
            action: "signUp.start", outcome: "authNotSupported", note: "auth_not_supported",
            arguments: ["username": .string(user)], answers: [.signUpStart: [Canned.error("auth_not_supported")]],
            calls: [start]),
        MappingCase(
            action: "signUp.start", outcome: "browserRequired", note: "redirect at start",
            arguments: ["username": .string(user)], answers: [.signUpStart: [Canned.redirect("needs password")]],
            calls: [start], data: ["reason": "needs password"]),
        MappingCase(
            action: "signUp.start", outcome: "browserRequired", note: "redirect at challenge",
            arguments: ["username": .string(user)],
            answers: [.signUpStart: [Canned.token("ct-start")], .signUpChallenge: [Canned.redirect("")]],
            calls: [start, challengeAfterStart], data: ["reason": ""]),
        MappingCase(
            action: "signUp.start", outcome: "unexpected", note: "invalid_request 90100 about another parameter",
            arguments: ["username": .string(user)],
            answers: [.signUpStart: [Canned.error("invalid_request", codes: [90100], description: "attributes bad")]],
            calls: [start], data: ["error": "invalid_request", "errorDescription": "attributes bad"]),
        MappingCase(
            action: "signUp.start", outcome: "unexpected", note: "unauthorized_client, correlation header",
            arguments: ["username": .string(user)],
            answers: [
                .signUpStart: [
                    WireResponse(
                        status: 400, headers: ["Client-Request-Id": "corr-123"],
                        body: WireError(error: "unauthorized_client", description: "AADSTS700016", codes: [700016]).body
                    )
                ]
            ], calls: [start],
            data: ["error": "unauthorized_client", "errorDescription": "AADSTS700016", "correlationId": "corr-123"]),
        MappingCase(
            action: "signUp.start", outcome: "unexpected", note: "5xx, one retry",
            arguments: ["username": .string(user)], answers: [.signUpStart: [Canned.status(503)]],
            calls: [start, start], data: ["error": "http_error", "errorDescription": "HTTP 503"],
            sleeps: [.milliseconds(500)]),
        MappingCase(
            action: "signUp.start", outcome: "codeRequired", note: "5xx, then success on the retry",
            arguments: ["username": .string(user)],
            answers: [
                .signUpStart: [Canned.status(500), Canned.token("ct-start")], .signUpChallenge: [Canned.oob("ct-code")],
            ], calls: [start, start, challengeAfterStart]),
        MappingCase(
            action: "signUp.start", outcome: "unexpected", note: "403",
            arguments: ["username": .string(user)],
            answers: [.signUpStart: [Canned.status(403, body: ["error": "forbidden"])]], calls: [start],
            data: ["error": "forbidden", "errorDescription": "HTTP 403"], sleeps: []),
        MappingCase(
            action: "signUp.start", outcome: "unexpected", note: "start answer without a token",
            arguments: ["username": .string(user)], answers: [.signUpStart: [Canned.ok([:])]], calls: [start],
            data: ["error": "invalid_response"]),
        MappingCase(
            action: "signUp.start", outcome: "unexpected", note: "oob without code_length",
            arguments: ["username": .string(user)],
            answers: [
                .signUpStart: [Canned.token("ct-start")],
                .signUpChallenge: [
                    Canned.ok([
                        "continuation_token": "t", "challenge_type": "oob", "challenge_channel": "email",
                        "challenge_target_label": "a***",
                    ])
                ],
            ], calls: [start, challengeAfterStart],
            data: ["error": "invalid_response", "errorDescription": "Unexpected response body: code_length is missing"]),
        MappingCase(
            action: "signUp.start", outcome: "unexpected", note: "unknown challenge_type",
            arguments: ["username": .string(user)],
            answers: [
                .signUpStart: [Canned.token("ct-start")],
                .signUpChallenge: [Canned.ok(["continuation_token": "t", "challenge_type": "sms"])],
            ], calls: [start, challengeAfterStart], data: ["error": "invalid_response"]),
        MappingCase(
            action: "signUp.start", outcome: "unexpected", note: "password challenge right after start",
            arguments: ["username": .string(user)],
            answers: [.signUpStart: [Canned.token("ct-start")], .signUpChallenge: [Canned.passwordChallenge("t")]],
            calls: [start, challengeAfterStart], data: ["error": "invalid_response"]),
        MappingCase(
            action: "signUp.start", outcome: "unexpected", note: "attributes_required on start",
            arguments: ["username": .string(user)],
            answers: [.signUpStart: [Canned.error("attributes_required", codes: [55106], token: "t")]],
            calls: [start], data: ["error": "attributes_required"]),
        MappingCase(
            action: "signUp.start", outcome: "unexpected", note: "transport throws, one retry",
            arguments: ["username": .string(user)], calls: [start, start],
            data: [
                "error": "transport_error",
                "errorDescription": "No answer from the authority: connection refused for /signup/v1.0/start",
            ], sleeps: [.milliseconds(500)]),
        MappingCase(
            action: "signUp.start", outcome: "codeRequired", note: "network failure, then success on the retry",
            arguments: ["username": .string(user)],
            answers: [
                .signUpStart: [Canned.noAnswer, Canned.token("ct-start")], .signUpChallenge: [Canned.oob("ct-code")],
            ], calls: [start, start, challengeAfterStart], sleeps: [.milliseconds(500)]),
        MappingCase(
            action: "signUp.start", outcome: "codeRequired", note: "any 2xx is a success, as MSAL.js takes it",
            arguments: ["username": .string(user)],
            answers: [
                .signUpStart: [WireResponse(status: 201, body: ["continuation_token": "ct-start"])],
                .signUpChallenge: [WireResponse(status: 203, body: Canned.oob("ct-code").body)],
            ], calls: [start, challengeAfterStart]),
        MappingCase(
            action: "signUp.start", outcome: "unexpected", note: "correlation id from x-ms-request-id, as MSAL.js",
            arguments: ["username": .string(user)],
            answers: [
                .signUpStart: [
                    WireResponse(
                        status: 400, headers: ["client-request-id": "", "X-Ms-Request-Id": "trace-77"],
                        body: WireError(error: "unauthorized_client", description: "AADSTS700016", codes: [700016]).body
                    )
                ]
            ], calls: [start], data: ["correlationId": "trace-77"]),
    ]

    @Test(arguments: cases) func mapping(_ row: MappingCase) async throws {
        try await row.check()
    }
}

@Suite struct SignUpContinueMapping {
    static let codeCall = MappingCase.Call(
        .signUpContinue, ["continuation_token": "ct-code", "grant_type": "oob", "oob": plantedCode],
        absent: ["challenge_type"])
    static let passwordCall = MappingCase.Call(
        .signUpContinue, ["continuation_token": "ct-pw", "grant_type": "password", "password": plantedPassword])
    static let attributesCall = MappingCase.Call(
        .signUpContinue,
        ["continuation_token": "ct-attr", "grant_type": "attributes", "attributes": #"{"displayName":"Ann"}"#])
    static let attributes: [String: Value] = ["attributes": ["displayName": "Ann"]]
    static let required = [
        RequiredAttribute(name: "displayName"), RequiredAttribute(name: "postalCode", regex: "^[0-9]{4}$"),
    ]

    static let cases: [MappingCase] = [
        // signUp.submitCode
        MappingCase(
            action: "signUp.submitCode", outcome: "completed", arguments: codeArguments, state: codeState,
            answers: [.signUpContinue: [Canned.ok(["continuation_token": "ct-done", "expires_in": 600])]],
            calls: [codeCall], data: ["username": .string(user)],
            continuation: .fields(["flow": "signup", "step": "completed", "continuationToken": "ct-done"])),
        MappingCase(
            action: "signUp.submitCode", outcome: "completed", note: "no token: auto sign-in unavailable",
            arguments: codeArguments, state: codeState, answers: [.signUpContinue: [Canned.ok([:])]], calls: [codeCall],
            continuation: .fields(["step": "completed", "continuationToken": ""])),
        MappingCase(
            action: "signUp.submitCode", outcome: "passwordRequired", arguments: codeArguments, state: codeState,
            answers: [
                .signUpContinue: [Canned.error("credential_required", codes: [55103], token: "ct-cred")],
                .signUpChallenge: [Canned.passwordChallenge("ct-pw")],
            ],
            calls: [
                codeCall,
                MappingCase.Call(
                    .signUpChallenge, ["continuation_token": "ct-cred", "challenge_type": challengeTypes]),
            ], continuation: .fields(["flow": "signup", "step": "password", "continuationToken": "ct-pw"])),
        MappingCase(
            action: "signUp.submitCode", outcome: "unexpected", note: "credential_required, then an oob challenge",
            arguments: codeArguments, state: codeState,
            answers: [
                .signUpContinue: [Canned.error("credential_required", codes: [55103], token: "ct-cred")],
                .signUpChallenge: [Canned.oob("ct-x")],
            ], calls: [codeCall, MappingCase.Call(.signUpChallenge)], data: ["error": "invalid_response"]),
        MappingCase(
            action: "signUp.submitCode", outcome: "attributesRequired", arguments: codeArguments, state: codeState,
            answers: [
                .signUpContinue: [
                    Canned.error("attributes_required", codes: [55106], token: "ct-attr", required: required)
                ]
            ], calls: [codeCall],
            data: [
                "requiredAttributes": [
                    ["name": "displayName", "type": "string", "required": true],
                    ["name": "postalCode", "type": "string", "required": true, "regex": "^[0-9]{4}$"],
                ],
                "pageNumber": 1,
            ], continuation: .fields(["step": "attributes", "continuationToken": "ct-attr", "attributePage": "1"])),
        MappingCase(
            action: "signUp.submitCode", outcome: "invalidCode", arguments: codeArguments, state: codeState,
            answers: [.signUpContinue: [Canned.error("invalid_grant", suberror: "invalid_oob_value", codes: [50181])]],
            calls: [codeCall], continuation: .kept),
        MappingCase(
            action: "signUp.submitCode", outcome: "tooManyAttempts", arguments: codeArguments, state: codeState,
            answers: [.signUpContinue: [Canned.error("invalid_grant", suberror: "too_many_attempts", codes: [50053])]],
            calls: [codeCall]),
        MappingCase(
            action: "signUp.submitCode", outcome: "tooManyAttempts", note: "error_codes 50053 only",
            arguments: codeArguments, state: codeState,
            answers: [.signUpContinue: [Canned.error("invalid_grant", codes: [50053])]], calls: [codeCall]),
        MappingCase(
            action: "signUp.submitCode", outcome: "expired", arguments: codeArguments, state: codeState,
            answers: [.signUpContinue: [Canned.error("expired_token", codes: [552003])]], calls: [codeCall]),
        MappingCase(
            action: "signUp.submitCode", outcome: "userAlreadyExists", arguments: codeArguments, state: codeState,
            answers: [.signUpContinue: [Canned.error("user_already_exists", codes: [1_003_037])]], calls: [codeCall]),
        MappingCase(
            action: "signUp.submitCode", outcome: "browserRequired", arguments: codeArguments, state: codeState,
            answers: [.signUpContinue: [Canned.redirect("why")]], calls: [codeCall], data: ["reason": "why"]),
        MappingCase(
            action: "signUp.submitCode", outcome: "unexpected", note: "verification_required", arguments: codeArguments,
            state: codeState, answers: [.signUpContinue: [Canned.error("verification_required", token: "t")]],
            calls: [codeCall], data: ["error": "verification_required"]),
        MappingCase(
            action: "signUp.submitCode", outcome: "unexpected", note: "invalid_grant without a known suberror",
            arguments: codeArguments, state: codeState, answers: [.signUpContinue: [Canned.error("invalid_grant")]],
            calls: [codeCall], data: ["error": "invalid_grant"]),
        MappingCase(
            action: "signUp.submitCode", outcome: "unexpected", note: "no sign-up in progress",
            arguments: codeArguments,
            state: nil, data: ["error": "invalid_state", "correlationId": ""]),
        MappingCase(
            action: "signUp.submitCode", outcome: "unexpected", note: "a sign-in's continuation",
            arguments: codeArguments,
            state: flowState("signin", "code", token: "ct"), data: ["error": "invalid_state"]),

        // signUp.resendCode
        MappingCase(
            action: "signUp.resendCode", outcome: "codeRequired", state: codeState,
            answers: [.signUpChallenge: [Canned.oob("ct-code2", length: 6)]],
            calls: [
                MappingCase.Call(.signUpChallenge, ["continuation_token": "ct-code", "challenge_type": challengeTypes])
            ],
            data: ["codeLength": 6], continuation: .fields(["step": "code", "continuationToken": "ct-code2"])),
        MappingCase(
            action: "signUp.resendCode", outcome: "expired", state: codeState,
            answers: [.signUpChallenge: [Canned.error("expired_token", codes: [552003])]],
            calls: [MappingCase.Call(.signUpChallenge)]),
        MappingCase(
            action: "signUp.resendCode", outcome: "browserRequired", state: codeState,
            answers: [.signUpChallenge: [Canned.redirect()]], calls: [MappingCase.Call(.signUpChallenge)]),
        MappingCase(
            action: "signUp.resendCode", outcome: "unexpected", note: "resend too early", state: codeState,
            answers: [.signUpChallenge: [Canned.error("invalid_request", codes: [550026], description: "wait 30 s")]],
            calls: [MappingCase.Call(.signUpChallenge)],
            data: ["error": "invalid_request", "errorDescription": "wait 30 s"]),

        // signUp.submitPassword
        MappingCase(
            action: "signUp.submitPassword", outcome: "completed", arguments: passwordArguments, state: passwordState,
            answers: [.signUpContinue: [Canned.token("ct-done")]], calls: [passwordCall],
            continuation: .fields(["step": "completed", "continuationToken": "ct-done"])),
        MappingCase(
            action: "signUp.submitPassword", outcome: "attributesRequired", arguments: passwordArguments,
            state: passwordState,
            answers: [
                .signUpContinue: [
                    Canned.error("attributes_required", codes: [55106], token: "ct-attr", required: required)
                ]
            ], calls: [passwordCall], continuation: .fields(["step": "attributes", "continuationToken": "ct-attr"])),
        MappingCase(
            action: "signUp.submitPassword", outcome: "invalidPassword", arguments: passwordArguments,
            state: passwordState,
            answers: [.signUpContinue: [Canned.error("invalid_grant", suberror: "password_too_short")]],
            calls: [passwordCall], data: ["reason": "password_too_short"], continuation: .kept),
        MappingCase(
            action: "signUp.submitPassword", outcome: "expired", arguments: passwordArguments, state: passwordState,
            answers: [.signUpContinue: [Canned.error("expired_token", codes: [552003])]], calls: [passwordCall]),
        MappingCase(
            action: "signUp.submitPassword", outcome: "browserRequired", arguments: passwordArguments,
            state: passwordState,
            answers: [.signUpContinue: [Canned.redirect()]], calls: [passwordCall]),
        MappingCase(
            action: "signUp.submitPassword", outcome: "unexpected", note: "user_already_exists is not declared here",
            arguments: passwordArguments, state: passwordState,
            answers: [.signUpContinue: [Canned.error("user_already_exists")]], calls: [passwordCall],
            data: ["error": "user_already_exists"]),

        // signUp.submitAttributes
        MappingCase(
            action: "signUp.submitAttributes", outcome: "completed", arguments: attributes, state: attributesState,
            answers: [.signUpContinue: [Canned.token("ct-done")]], calls: [attributesCall],
            data: ["username": .string(user)], continuation: .fields(["step": "completed"])),
        MappingCase(
            action: "signUp.submitAttributes", outcome: "attributesRequired", note: "next page",
            arguments: attributes, state: attributesState,
            answers: [
                .signUpContinue: [
                    Canned.error(
                        "attributes_required", codes: [55106], token: "ct-attr2",
                        required: [RequiredAttribute(name: "city")])
                ]
            ], calls: [attributesCall],
            data: ["requiredAttributes": [["name": "city", "type": "string", "required": true]], "pageNumber": 2],
            continuation: .fields(["step": "attributes", "continuationToken": "ct-attr2", "attributePage": "2"])),
        MappingCase(
            action: "signUp.submitAttributes", outcome: "attributesInvalid", arguments: attributes,
            state: attributesState,
            answers: [
                .signUpContinue: [
                    Canned.error("invalid_grant", suberror: "attribute_validation_failed", invalid: ["displayName"])
                ]
            ], calls: [attributesCall], data: ["invalidAttributes": ["displayName"]], continuation: .kept),
        MappingCase(
            action: "signUp.submitAttributes", outcome: "expired", arguments: attributes, state: attributesState,
            answers: [.signUpContinue: [Canned.error("expired_token")]], calls: [attributesCall]),
        MappingCase(
            action: "signUp.submitAttributes", outcome: "browserRequired", arguments: attributes,
            state: attributesState, answers: [.signUpContinue: [Canned.redirect()]], calls: [attributesCall]),
        MappingCase(
            action: "signUp.submitAttributes", outcome: "unexpected", arguments: attributes, state: attributesState,
            answers: [.signUpContinue: [Canned.error("invalid_request", codes: [55000])]], calls: [attributesCall],
            data: ["error": "invalid_request"]),
        MappingCase(
            action: "signUp.submitAttributes", outcome: "unexpected", note: "attributes not a map",
            arguments: ["attributes": ["a", "b"]], state: attributesState, data: ["error": "invalid_argument"]),
    ]

    @Test(arguments: cases) func mapping(_ row: MappingCase) async throws {
        try await row.check()
    }
}
