import FlowEngine
import NativeAuth
import Testing

private let mfaState = flowState(
    "mfa", "challenge", token: "ct-intro", extra: ["methods": "email:m1"])
private let mfaCodeState = flowState("mfa", "code", token: "ct-mfa-code", extra: ["scopes": "api://x/read"])
private let registerState = flowState(
    "register", "challenge", token: "ct-rintro",
    extra: ["methods": "email:email sms:sms"])
private let registerCodeState = flowState("register", "code", token: "ct-rcode")

private func mfaChallenge(_ id: String, token: String = "ct-intro") -> MappingCase.Call {
    MappingCase.Call(.signInChallenge, ["continuation_token": token, "challenge_type": challengeTypes, "id": id])
}

private let mfaToken = MappingCase.Call(
    .token,
    [
        "grant_type": "mfa_oob", "continuation_token": "ct-mfa-code", "oob": plantedCode, "client_info": "true",
        "scope": "api://x/read openid profile offline_access",
    ], absent: ["challenge_type"])
private let registerChallenge = MappingCase.Call(
    .registerChallenge,
    [
        "continuation_token": "ct-rintro", "challenge_type": "oob", "challenge_target": "ann@contoso.com",
        "challenge_channel": "email",
    ])
private let jitToken = MappingCase.Call(
    .token,
    [
        "grant_type": "continuation_token", "continuation_token": "ct-rdone", "challenge_type": challengeTypes,
        "scope": defaultScope, "client_info": "true",
    ], absent: ["username"])
private let registerOOB = Canned.ok([
    "continuation_token": "ct-rcode", "challenge_type": "oob", "binding_method": "prompt",
    "challenge_target": "ann@contoso.com", "challenge_channel": "email", "code_length": 8,
])

@Suite struct StrongAuthMapping {
    static let cases: [MappingCase] = [
        // mfa.requestChallenge
        MappingCase(
            action: "mfa.requestChallenge", outcome: "codeRequired", note: "first method kept from introspect",
            state: mfaState, answers: [.signInChallenge: [Canned.oob("ct-mfa-code", channel: "email")]],
            calls: [mfaChallenge("m1")],
            continuation: .fields(["flow": "mfa", "step": "code", "continuationToken": "ct-mfa-code"])),
        MappingCase(
            action: "mfa.requestChallenge", outcome: "codeRequired", note: "a kept method id with a space and a colon",
            state: flowState("mfa", "challenge", token: "ct-intro", extra: ["methods": "email:m%201%3Ax"]),
            answers: [.signInChallenge: [Canned.oob("ct-mfa-code", channel: "email")]],
            calls: [mfaChallenge("m 1:x")]),
        MappingCase(
            action: "mfa.requestChallenge", outcome: "codeRequired", note: "methodId", arguments: ["methodId": "m2"],
            state: mfaState, answers: [.signInChallenge: [Canned.oob("ct-mfa-code", label: "+1***99", channel: "sms")]],
            calls: [mfaChallenge("m2")], data: ["sentTo": "+1***99", "channel": "sms"]),
        MappingCase(
            action: "mfa.requestChallenge", outcome: "codeRequired", note: "no method kept: introspect first",
            state: flowState("mfa", "challenge", token: "ct-mfa"),
            answers: [
                .signInIntrospect: [Canned.introspect("ct-intro2", methods: [("m9", "email", "a***")])],
                .signInChallenge: [Canned.oob("ct-mfa-code")],
            ],
            calls: [
                MappingCase.Call(.signInIntrospect, ["continuation_token": "ct-mfa"]),
                mfaChallenge("m9", token: "ct-intro2"),
            ]),
        MappingCase(
            action: "mfa.requestChallenge", outcome: "authMethodBlocked", state: mfaState,
            answers: [
                .signInChallenge: [Canned.error("access_denied", suberror: "provider_blocked_by_rep", codes: [550024])]
            ], calls: [mfaChallenge("m1")]),
        MappingCase(
            action: "mfa.requestChallenge", outcome: "expired", state: mfaState,
            answers: [.signInChallenge: [Canned.error("expired_token")]], calls: [mfaChallenge("m1")]),
        MappingCase(
            action: "mfa.requestChallenge", outcome: "browserRequired", state: mfaState,
            answers: [.signInChallenge: [Canned.redirect()]], calls: [mfaChallenge("m1")]),
        MappingCase(
            action: "mfa.requestChallenge", outcome: "unexpected", note: "introspect_required", state: mfaState,
            answers: [.signInChallenge: [Canned.error("invalid_request", suberror: "introspect_required")]],
            calls: [mfaChallenge("m1")], data: ["error": "invalid_request"]),
        MappingCase(
            action: "mfa.requestChallenge", outcome: "unexpected", note: "no MFA in progress",
            state: flowState("signin", "code", token: "ct"), data: ["error": "invalid_state"]),

        // mfa.submitCode
        MappingCase(
            action: "mfa.submitCode", outcome: "completed", arguments: codeArguments,
            state: mfaCodeState, answers: [.token: [Canned.tokens()]], calls: [mfaToken], data: signedInData,
            continuation: .cleared),
        MappingCase(
            action: "mfa.submitCode", outcome: "invalidCode", arguments: codeArguments,
            state: mfaCodeState, answers: [.token: [Canned.error("invalid_grant", suberror: "invalid_oob_value")]],
            calls: [mfaToken], continuation: .kept),
        MappingCase(
            action: "mfa.submitCode", outcome: "expired", arguments: codeArguments,
            state: mfaCodeState, answers: [.token: [Canned.error("expired_token")]], calls: [mfaToken]),
        MappingCase(
            action: "mfa.submitCode", outcome: "browserRequired", arguments: codeArguments,
            state: mfaCodeState, answers: [.token: [Canned.redirect()]], calls: [mfaToken]),
        MappingCase(
            action: "mfa.submitCode", outcome: "unexpected", note: "too many attempts is not declared here",
            arguments: codeArguments, state: mfaCodeState,
            answers: [.token: [Canned.error("invalid_grant", suberror: "too_many_attempts", codes: [50053])]],
            calls: [mfaToken], data: ["error": "invalid_grant"]),

        // registration.requestChallenge
        MappingCase(
            action: "registration.requestChallenge", outcome: "codeRequired", arguments: ["target": .string(user)],
            state: registerState, answers: [.registerChallenge: [registerOOB]], calls: [registerChallenge],
            data: ["sentTo": .string(user), "channel": "email", "codeLength": 8],
            continuation: .fields(["flow": "register", "step": "code", "continuationToken": "ct-rcode"])),
        MappingCase(
            action: "registration.requestChallenge", outcome: "codeRequired", note: "sms method",
            arguments: ["target": "+4799999999", "methodId": "sms"], state: registerState,
            answers: [.registerChallenge: [registerOOB]],
            calls: [
                MappingCase.Call(.registerChallenge, ["challenge_target": "+4799999999", "challenge_channel": "sms"])
            ]),
        MappingCase(
            action: "registration.requestChallenge", outcome: "completed", note: "preverified",
            arguments: ["target": .string(user)], state: registerState,
            answers: [
                .registerChallenge: [Canned.ok(["challenge_type": "preverified", "continuation_token": "ct-prev"])],
                .registerContinue: [Canned.token("ct-rdone")], .token: [Canned.tokens()],
            ],
            calls: [
                registerChallenge,
                MappingCase.Call(
                    .registerContinue, ["grant_type": "continuation_token", "continuation_token": "ct-prev"],
                    absent: ["oob"]),
                jitToken,
            ], data: signedInData, continuation: .cleared),
        MappingCase(
            action: "registration.requestChallenge", outcome: "invalidInput", arguments: ["target": "+1"],
            state: registerState,
            answers: [.registerChallenge: [Canned.error("invalid_request", codes: [901001])]],
            calls: [MappingCase.Call(.registerChallenge, ["challenge_target": "+1"])]),
        MappingCase(
            action: "registration.requestChallenge", outcome: "invalidInput", note: "901001 not first, as iOS reads it",
            arguments: ["target": "+1"], state: registerState,
            answers: [.registerChallenge: [Canned.error("invalid_request", codes: [90100, 901001])]],
            calls: [MappingCase.Call(.registerChallenge, ["challenge_target": "+1"])]),
        MappingCase(
            action: "registration.requestChallenge", outcome: "invalidInput", note: "empty target, client-side",
            arguments: ["target": " "], state: registerState),
        MappingCase(
            action: "registration.requestChallenge", outcome: "authMethodBlocked", arguments: ["target": .string(user)],
            state: registerState,
            answers: [.registerChallenge: [Canned.error("access_denied", suberror: "provider_blocked_by_rep")]],
            calls: [registerChallenge]),
        MappingCase(
            action: "registration.requestChallenge", outcome: "expired", arguments: ["target": .string(user)],
            state: registerState, answers: [.registerChallenge: [Canned.error("expired_token")]],
            calls: [registerChallenge]),
        MappingCase(
            action: "registration.requestChallenge", outcome: "browserRequired", arguments: ["target": .string(user)],
            state: registerState, answers: [.registerChallenge: [Canned.redirect()]], calls: [registerChallenge]),
        MappingCase(
            action: "registration.requestChallenge", outcome: "unexpected", note: "unknown challenge_type",
            arguments: ["target": .string(user)], state: registerState,
            answers: [.registerChallenge: [Canned.ok(["challenge_type": "push", "continuation_token": "x"])]],
            calls: [registerChallenge], data: ["error": "invalid_response"]),

        // registration.submitCode
        MappingCase(
            action: "registration.submitCode", outcome: "completed", arguments: codeArguments,
            state: registerCodeState,
            answers: [.registerContinue: [Canned.token("ct-rdone")], .token: [Canned.tokens()]],
            calls: [
                MappingCase.Call(
                    .registerContinue, ["grant_type": "oob", "oob": plantedCode, "continuation_token": "ct-rcode"]),
                jitToken,
            ], data: signedInData),
        MappingCase(
            action: "registration.submitCode", outcome: "invalidCode", arguments: codeArguments,
            state: registerCodeState,
            answers: [.registerContinue: [Canned.error("invalid_grant", suberror: "invalid_oob_value")]],
            calls: [MappingCase.Call(.registerContinue)], continuation: .kept),
        MappingCase(
            action: "registration.submitCode", outcome: "expired", note: "token",
            arguments: codeArguments,
            state: registerCodeState,
            answers: [.registerContinue: [Canned.token("ct-rdone")], .token: [Canned.error("expired_token")]],
            calls: [MappingCase.Call(.registerContinue), jitToken]),
        MappingCase(
            action: "registration.submitCode", outcome: "browserRequired", arguments: codeArguments,
            state: registerCodeState, answers: [.registerContinue: [Canned.redirect()]],
            calls: [MappingCase.Call(.registerContinue)]),
        MappingCase(
            action: "registration.submitCode", outcome: "unexpected", arguments: codeArguments,
            state: registerCodeState, answers: [.registerContinue: [Canned.error("invalid_request", codes: [55000])]],
            calls: [MappingCase.Call(.registerContinue)], data: ["error": "invalid_request"]),
    ]

    @Test(arguments: cases) func mapping(_ row: MappingCase) async throws {
        try await row.check()
    }
}
