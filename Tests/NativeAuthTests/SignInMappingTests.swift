import FlowEngine
import FlowModel
import FlowrunFoundation
import NativeAuth
import NativeAuthWire
import Testing

private let initiate = MappingCase.Call(
    .signInInitiate, ["username": user, "challenge_type": challengeTypes], absent: ["capabilities", "password"])
private let capableInitiate = MappingCase.Call(
    .signInInitiate,
    ["username": user, "challenge_type": challengeTypes, "capabilities": "mfa_required registration_required"])
private let challenge = MappingCase.Call(
    .signInChallenge, ["continuation_token": "ct-init", "challenge_type": challengeTypes], absent: ["id"])
private let passwordToken = MappingCase.Call(
    .token,
    [
        "grant_type": "password", "continuation_token": "ct-pw", "username": user, "password": plantedPassword,
        "challenge_type": challengeTypes, "scope": defaultScope, "client_info": "true",
    ])
private let started: [NativeAuthEndpoint: [WireResponse]] = [
    .signInInitiate: [Canned.token("ct-init")], .signInChallenge: [Canned.passwordChallenge("ct-pw")],
]
private let withPassword: [String: Value] = ["username": .string(user), "password": .string(plantedPassword)]
private let mfaMethods: Value = [["id": "m1", "channel": "email", "loginHint": "a***e@co**o.com"]]

private func answers(_ extra: [NativeAuthEndpoint: [WireResponse]]) -> [NativeAuthEndpoint: [WireResponse]] {
    started.merging(extra) { $1 }
}

@Suite struct SignInStartMapping {
    static let cases: [MappingCase] = [
        MappingCase(
            action: "signIn.start", outcome: "codeRequired", arguments: ["username": .string(user)],
            answers: [.signInInitiate: [Canned.token("ct-init")], .signInChallenge: [Canned.oob("ct-code")]],
            calls: [initiate, challenge], data: ["sentTo": "a***e@co**o.com", "channel": "email", "codeLength": 8],
            continuation: .fields(["flow": "signin", "step": "code", "continuationToken": "ct-code", "username": user])),
        MappingCase(
            action: "signIn.start", outcome: "codeRequired", note: "password ignored for an oob challenge",
            arguments: withPassword,
            answers: [.signInInitiate: [Canned.token("ct-init")], .signInChallenge: [Canned.oob("ct-code")]],
            calls: [initiate, challenge]),
        MappingCase(
            action: "signIn.start", outcome: "passwordRequired", arguments: ["username": .string(user)],
            answers: started, calls: [initiate, challenge],
            continuation: .fields(["flow": "signin", "step": "password", "continuationToken": "ct-pw"])),
        MappingCase(
            action: "signIn.start", outcome: "completed", arguments: withPassword,
            answers: answers([.token: [Canned.tokens()]]), calls: [initiate, challenge, passwordToken],
            data: signedInData, continuation: .cleared),
        MappingCase(
            action: "signIn.start", outcome: "completed", note: "scopes and capabilities",
            arguments: [
                "username": .string(user), "password": .string(plantedPassword), "scopes": ["api://x/read", "openid"],
            ], answers: answers([.token: [Canned.tokens()]]),
            calls: [
                MappingCase.Call(.signInInitiate, ["capabilities": "mfa_required registration_required"]), challenge,
                MappingCase.Call(.token, ["scope": "api://x/read openid profile offline_access"]),
            ], configuration: .capable),
        MappingCase(
            action: "signIn.start", outcome: "invalidCredentials", arguments: withPassword,
            answers: answers([.token: [Canned.error("invalid_grant", codes: [50126])]]),
            calls: [initiate, challenge, passwordToken],
            continuation: .fields(["flow": "signin", "step": "password", "continuationToken": "ct-pw"])),
        MappingCase(
            action: "signIn.start", outcome: "userNotFound", note: "initiate",
            arguments: ["username": .string(user)],
            answers: [.signInInitiate: [Canned.error("user_not_found", codes: [50034])]], calls: [initiate],
            continuation: .cleared),
        MappingCase(
            action: "signIn.start", outcome: "userNotFound", note: "token invalid_grant 50034", arguments: withPassword,
            answers: answers([.token: [Canned.error("invalid_grant", codes: [50034])]]),
            calls: [initiate, challenge, passwordToken]),
        MappingCase(
            action: "signIn.start", outcome: "invalidUsername", arguments: ["username": ""], continuation: .cleared),
        MappingCase(
            action: "signIn.start", outcome: "invalidUsername", note: "two @", arguments: ["username": "a@b@c"]),
        MappingCase(
            action: "signIn.start", outcome: "mfaRequired", arguments: withPassword,
            answers: answers([
                .token: [Canned.error("invalid_grant", suberror: "mfa_required", codes: [50076], token: "ct-mfa")],
                .signInIntrospect: [Canned.introspect("ct-intro")],
            ]),
            calls: [
                capableInitiate, challenge, passwordToken,
                MappingCase.Call(.signInIntrospect, ["continuation_token": "ct-mfa"], absent: ["challenge_type"]),
            ], data: ["methods": mfaMethods],
            continuation: .fields([
                "flow": "mfa", "step": "challenge", "continuationToken": "ct-intro",
                "methods": "email:m1",
            ]), configuration: .capable),
        MappingCase(
            action: "signIn.start", outcome: "registrationRequired", arguments: withPassword,
            answers: answers([
                .token: [Canned.error("invalid_grant", suberror: "registration_required", token: "ct-reg")],
                .registerIntrospect: [Canned.introspect("ct-rintro", methods: [("email", "email", "")])],
            ]),
            calls: [
                capableInitiate, challenge, passwordToken,
                MappingCase.Call(.registerIntrospect, ["continuation_token": "ct-reg"]),
            ], data: ["methods": [["id": "email", "channel": "email", "loginHint": ""]]],
            continuation: .fields(["flow": "register", "step": "challenge", "continuationToken": "ct-rintro"]),
            configuration: .capable),
        MappingCase(
            action: "signIn.start", outcome: "browserRequired", note: "initiate",
            arguments: ["username": .string(user)], answers: [.signInInitiate: [Canned.redirect("no oob")]],
            calls: [initiate], data: ["reason": "no oob"]),
        MappingCase(
            action: "signIn.start", outcome: "browserRequired", note: "token", arguments: withPassword,
            answers: answers([.token: [Canned.redirect("mfa needs a browser")]]),
            calls: [initiate, challenge, passwordToken], data: ["reason": "mfa needs a browser"]),
        MappingCase(
            action: "signIn.start", outcome: "unexpected", note: "no client_info", arguments: withPassword,
            answers: answers([.token: [Canned.tokens(clientInfo: nil)]]), calls: [initiate, challenge, passwordToken],
            data: ["error": "invalid_response", "errorDescription": "Client info was not returned"]),
        MappingCase(
            action: "signIn.start", outcome: "unexpected", note: "blank access token", arguments: withPassword,
            answers: answers([.token: [Canned.tokens(accessToken: "  ")]]),
            calls: [initiate, challenge, passwordToken],
            data: ["error": "invalid_response"]),
        MappingCase(
            action: "signIn.start", outcome: "unexpected", note: "ID token oid differs from client_info",
            arguments: withPassword,
            answers: answers([.token: [Canned.tokens(clientInfo: Canned.clientInfo(uid: "someone-else"))]]),
            calls: [initiate, challenge, passwordToken], data: ["error": "invalid_response"]),
        MappingCase(
            action: "signIn.start", outcome: "unexpected", note: "introspect expired", arguments: withPassword,
            answers: answers([
                .token: [Canned.error("invalid_grant", suberror: "mfa_required", token: "ct-mfa")],
                .signInIntrospect: [Canned.error("expired_token")],
            ]), calls: [initiate, challenge, passwordToken, MappingCase.Call(.signInIntrospect)],
            data: ["error": "expired_token"]),
        MappingCase(
            action: "signIn.start", outcome: "unexpected", note: "account store fails", arguments: withPassword,
            answers: answers([.token: [Canned.tokens()]]), calls: [initiate, challenge, passwordToken],
            data: ["error": "account_store_error"], failingStore: true),
    ]

    @Test(arguments: cases) func mapping(_ row: MappingCase) async throws {
        try await row.check()
    }
}

@Suite struct SignInContinueMapping {
    static let codeState = flowState("signin", "code", token: "ct-code", extra: ["scopes": "api://x/read"])
    static let passwordState = flowState("signin", "password", token: "ct-pw")
    static let codeToken = MappingCase.Call(
        .token,
        [
            "grant_type": "oob", "continuation_token": "ct-code", "oob": plantedCode, "client_info": "true",
            "scope": "api://x/read openid profile offline_access",
        ], absent: ["challenge_type", "username"])
    static let mfaAnswers: [NativeAuthEndpoint: [WireResponse]] = [
        .token: [Canned.error("invalid_grant", suberror: "mfa_required", token: "ct-mfa")],
        .signInIntrospect: [Canned.introspect("ct-intro")],
    ]
    static let registrationAnswers: [NativeAuthEndpoint: [WireResponse]] = [
        .token: [Canned.error("invalid_grant", suberror: "registration_required", token: "ct-reg")],
        .registerIntrospect: [Canned.introspect("ct-rintro", methods: [("email", "email", "")])],
    ]
    static let afterSignUpState = flowState("signup", "completed", token: "ct-done")
    static let afterResetState = flowState("resetpassword", "completed", token: "ct-reset-done")
    static func continuationToken(_ token: String, scope: String = defaultScope) -> MappingCase.Call {
        MappingCase.Call(
            .token,
            [
                "grant_type": "continuation_token", "continuation_token": token, "username": user,
                "challenge_type": challengeTypes, "scope": scope, "client_info": "true",
            ])
    }

    static let cases: [MappingCase] = [
        // signIn.submitCode
        MappingCase(
            action: "signIn.submitCode", outcome: "completed", arguments: codeArguments, state: codeState,
            answers: [.token: [Canned.tokens()]], calls: [codeToken], data: signedInData, continuation: .cleared),
        MappingCase(
            action: "signIn.submitCode", outcome: "invalidCode", arguments: codeArguments, state: codeState,
            answers: [.token: [Canned.error("invalid_grant", suberror: "invalid_oob_value", codes: [50181])]],
            calls: [codeToken], continuation: .kept),
        MappingCase(
            action: "signIn.submitCode", outcome: "expired", arguments: codeArguments, state: codeState,
            answers: [.token: [Canned.error("expired_token", codes: [552003])]], calls: [codeToken]),
        MappingCase(
            action: "signIn.submitCode", outcome: "tooManyAttempts", arguments: codeArguments, state: codeState,
            answers: [.token: [Canned.error("invalid_grant", suberror: "too_many_attempts", codes: [50053])]],
            calls: [codeToken]),
        MappingCase(
            action: "signIn.submitCode", outcome: "mfaRequired", arguments: codeArguments, state: codeState,
            answers: mfaAnswers,
            calls: [codeToken, MappingCase.Call(.signInIntrospect, ["continuation_token": "ct-mfa"])],
            data: ["methods": mfaMethods],
            continuation: .fields(["flow": "mfa", "continuationToken": "ct-intro", "scopes": "api://x/read"])),
        MappingCase(
            action: "signIn.submitCode", outcome: "registrationRequired", arguments: codeArguments, state: codeState,
            answers: registrationAnswers,
            calls: [codeToken, MappingCase.Call(.registerIntrospect, ["continuation_token": "ct-reg"])],
            continuation: .fields(["flow": "register", "continuationToken": "ct-rintro"])),
        MappingCase(
            action: "signIn.submitCode", outcome: "browserRequired", arguments: codeArguments, state: codeState,
            answers: [.token: [Canned.redirect()]], calls: [codeToken]),
        MappingCase(
            action: "signIn.submitCode", outcome: "unexpected", arguments: codeArguments, state: codeState,
            answers: [.token: [Canned.error("invalid_request", codes: [55000])]], calls: [codeToken],
            data: ["error": "invalid_request"]),

        // signIn.resendCode
        MappingCase(
            action: "signIn.resendCode", outcome: "codeRequired", state: codeState,
            answers: [.signInChallenge: [Canned.oob("ct-code2", channel: "email")]],
            calls: [
                MappingCase.Call(.signInChallenge, ["continuation_token": "ct-code", "challenge_type": challengeTypes])
            ],
            continuation: .fields(["step": "code", "continuationToken": "ct-code2", "scopes": "api://x/read"])),
        MappingCase(
            action: "signIn.resendCode", outcome: "expired", state: codeState,
            answers: [.signInChallenge: [Canned.error("expired_token")]], calls: [MappingCase.Call(.signInChallenge)]),
        MappingCase(
            action: "signIn.resendCode", outcome: "browserRequired", state: codeState,
            answers: [.signInChallenge: [Canned.redirect()]], calls: [MappingCase.Call(.signInChallenge)]),
        MappingCase(
            action: "signIn.resendCode", outcome: "unexpected", note: "password challenge on a resend",
            state: codeState, answers: [.signInChallenge: [Canned.passwordChallenge("x")]],
            calls: [MappingCase.Call(.signInChallenge)], data: ["error": "invalid_response"]),

        // signIn.submitPassword
        MappingCase(
            action: "signIn.submitPassword", outcome: "completed", arguments: passwordArguments, state: passwordState,
            answers: [.token: [Canned.tokens()]], calls: [passwordToken], data: signedInData),
        MappingCase(
            action: "signIn.submitPassword", outcome: "invalidCredentials", arguments: passwordArguments,
            state: passwordState,
            answers: [.token: [Canned.error("invalid_grant", codes: [50126])]], calls: [passwordToken],
            continuation: .kept),
        MappingCase(
            action: "signIn.submitPassword", outcome: "expired", arguments: passwordArguments, state: passwordState,
            answers: [.token: [Canned.error("expired_token")]], calls: [passwordToken]),
        MappingCase(
            action: "signIn.submitPassword", outcome: "mfaRequired", arguments: passwordArguments, state: passwordState,
            answers: mfaAnswers, calls: [passwordToken, MappingCase.Call(.signInIntrospect)]),
        MappingCase(
            action: "signIn.submitPassword", outcome: "registrationRequired", arguments: passwordArguments,
            state: passwordState, answers: registrationAnswers,
            calls: [passwordToken, MappingCase.Call(.registerIntrospect)]),
        MappingCase(
            action: "signIn.submitPassword", outcome: "browserRequired", arguments: passwordArguments,
            state: passwordState,
            answers: [.token: [Canned.redirect()]], calls: [passwordToken]),
        MappingCase(
            action: "signIn.submitPassword", outcome: "unexpected", note: "password reset required (50142)",
            arguments: passwordArguments, state: passwordState,
            answers: [.token: [Canned.error("invalid_request", codes: [50142])]], calls: [passwordToken],
            data: ["error": "invalid_request"]),

        // signIn.afterSignUp
        MappingCase(
            action: "signIn.afterSignUp", outcome: "completed", state: afterSignUpState,
            answers: [.token: [Canned.tokens()]], calls: [continuationToken("ct-done")], data: signedInData,
            continuation: .cleared),
        MappingCase(
            action: "signIn.afterSignUp", outcome: "completed", note: "scopes", arguments: ["scopes": ["api://x/read"]],
            state: afterSignUpState, answers: [.token: [Canned.tokens()]],
            calls: [continuationToken("ct-done", scope: "api://x/read openid profile offline_access")]),
        MappingCase(
            action: "signIn.afterSignUp", outcome: "expired", state: afterSignUpState,
            answers: [.token: [Canned.error("expired_token")]], calls: [continuationToken("ct-done")]),
        MappingCase(
            action: "signIn.afterSignUp", outcome: "registrationRequired", state: afterSignUpState,
            answers: registrationAnswers, calls: [continuationToken("ct-done"), MappingCase.Call(.registerIntrospect)]),
        MappingCase(
            action: "signIn.afterSignUp", outcome: "browserRequired", state: afterSignUpState,
            answers: [.token: [Canned.redirect()]], calls: [continuationToken("ct-done")]),
        MappingCase(
            action: "signIn.afterSignUp", outcome: "unexpected", note: "MFA during it is a general error",
            state: afterSignUpState, answers: mfaAnswers, calls: [continuationToken("ct-done")],
            data: ["error": "invalid_grant"]),
        MappingCase(
            action: "signIn.afterSignUp", outcome: "unexpected", note: "no token kept",
            state: flowState("signup", "completed", token: ""), data: ["error": "sign_in_not_available"]),
        MappingCase(
            action: "signIn.afterSignUp", outcome: "unexpected", note: "sign-up not completed",
            state: flowState("signup", "code", token: "ct-code"), data: ["error": "sign_in_not_available"]),

        // signIn.afterResetPassword
        MappingCase(
            action: "signIn.afterResetPassword", outcome: "completed", state: afterResetState,
            answers: [.token: [Canned.tokens()]], calls: [continuationToken("ct-reset-done")], data: signedInData),
        MappingCase(
            action: "signIn.afterResetPassword", outcome: "expired", state: afterResetState,
            answers: [.token: [Canned.error("expired_token")]], calls: [continuationToken("ct-reset-done")]),
        MappingCase(
            action: "signIn.afterResetPassword", outcome: "registrationRequired", state: afterResetState,
            answers: registrationAnswers,
            calls: [continuationToken("ct-reset-done"), MappingCase.Call(.registerIntrospect)]),
        MappingCase(
            action: "signIn.afterResetPassword", outcome: "browserRequired", state: afterResetState,
            answers: [.token: [Canned.redirect()]], calls: [continuationToken("ct-reset-done")]),
        MappingCase(
            action: "signIn.afterResetPassword", outcome: "unexpected", note: "a sign-up's token",
            state: afterSignUpState, data: ["error": "sign_in_not_available"]),
    ]

    @Test(arguments: cases) func mapping(_ row: MappingCase) async throws {
        try await row.check()
    }
}
