import FlowEngine
import NativeAuth
import Testing

private let start = MappingCase.Call(
    .resetPasswordStart, ["username": user, "challenge_type": challengeTypes], absent: ["capabilities"])
private let challenge = MappingCase.Call(
    .resetPasswordChallenge, ["continuation_token": "ct-start", "challenge_type": challengeTypes])
private let codeState = flowState("resetpassword", "code", token: "ct-code")
private let passwordState = flowState("resetpassword", "password", token: "ct-pw")
private let continueCall = MappingCase.Call(
    .resetPasswordContinue, ["continuation_token": "ct-code", "grant_type": "oob", "oob": plantedCode])
private let submit = MappingCase.Call(
    .resetPasswordSubmit, ["continuation_token": "ct-pw", "new_password": plantedPassword])
private let poll = MappingCase.Call(.resetPasswordPollCompletion, ["continuation_token": "ct-submit"])
private let submitted = Canned.ok(["continuation_token": "ct-submit", "poll_interval": 2])
private let inProgress = Canned.ok(["status": "in_progress"])
private let succeeded = Canned.ok(["status": "succeeded", "continuation_token": "ct-reset-done"])

@Suite struct ResetPasswordMapping {
    static let cases: [MappingCase] = [
        // resetPassword.start
        MappingCase(
            action: "resetPassword.start", outcome: "codeRequired", arguments: ["username": .string(user)],
            answers: [
                .resetPasswordStart: [Canned.token("ct-start")], .resetPasswordChallenge: [Canned.oob("ct-code")],
            ],
            calls: [start, challenge], data: ["sentTo": "a***e@co**o.com", "channel": "email", "codeLength": 8],
            continuation: .fields(["flow": "resetpassword", "step": "code", "continuationToken": "ct-code"])),
        MappingCase(
            action: "resetPassword.start", outcome: "codeRequired", note: "capabilities",
            arguments: ["username": .string(user)],
            answers: [
                .resetPasswordStart: [Canned.token("ct-start")], .resetPasswordChallenge: [Canned.oob("ct-code")],
            ],
            calls: [
                MappingCase.Call(.resetPasswordStart, ["capabilities": "mfa_required registration_required"]),
                challenge,
            ], configuration: .capable),
        MappingCase(
            action: "resetPassword.start", outcome: "userNotFound", arguments: ["username": .string(user)],
            answers: [.resetPasswordStart: [Canned.error("user_not_found", codes: [50034])]], calls: [start],
            continuation: .cleared),
        MappingCase(
            action: "resetPassword.start", outcome: "userDoesNotHavePassword", arguments: ["username": .string(user)],
            answers: [.resetPasswordStart: [Canned.error("invalid_request", codes: [500222])]], calls: [start]),
        MappingCase(
            action: "resetPassword.start", outcome: "invalidUsername", arguments: ["username": "@contoso.com"],
            continuation: .cleared),
        MappingCase(
            action: "resetPassword.start", outcome: "browserRequired", note: "start",
            arguments: ["username": .string(user)], answers: [.resetPasswordStart: [Canned.redirect()]],
            calls: [start]),
        MappingCase(
            action: "resetPassword.start", outcome: "browserRequired", note: "challenge",
            arguments: ["username": .string(user)],
            answers: [.resetPasswordStart: [Canned.token("ct-start")], .resetPasswordChallenge: [Canned.redirect()]],
            calls: [start, challenge]),
        MappingCase(
            action: "resetPassword.start", outcome: "unexpected", note: "password challenge",
            arguments: ["username": .string(user)],
            answers: [
                .resetPasswordStart: [Canned.token("ct-start")],
                .resetPasswordChallenge: [Canned.passwordChallenge("x")],
            ], calls: [start, challenge], data: ["error": "invalid_response"]),
        MappingCase(
            action: "resetPassword.start", outcome: "unexpected", note: "invalid_request other than 500222",
            arguments: ["username": .string(user)],
            answers: [.resetPasswordStart: [Canned.error("invalid_request", codes: [90100])]], calls: [start],
            data: ["error": "invalid_request"]),

        // resetPassword.submitCode
        MappingCase(
            action: "resetPassword.submitCode", outcome: "passwordRequired", arguments: codeArguments,
            state: codeState,
            answers: [.resetPasswordContinue: [Canned.ok(["continuation_token": "ct-pw", "expires_in": 600])]],
            calls: [continueCall], continuation: .fields(["step": "password", "continuationToken": "ct-pw"])),
        MappingCase(
            action: "resetPassword.submitCode", outcome: "invalidCode", arguments: codeArguments,
            state: codeState,
            answers: [.resetPasswordContinue: [Canned.error("invalid_grant", suberror: "invalid_oob_value")]],
            calls: [continueCall], continuation: .kept),
        MappingCase(
            action: "resetPassword.submitCode", outcome: "expired", arguments: codeArguments,
            state: codeState, answers: [.resetPasswordContinue: [Canned.error("expired_token")]], calls: [continueCall]),
        MappingCase(
            action: "resetPassword.submitCode", outcome: "tooManyAttempts", arguments: codeArguments,
            state: codeState,
            answers: [.resetPasswordContinue: [Canned.error("invalid_grant", suberror: "too_many_attempts")]],
            calls: [continueCall]),
        MappingCase(
            action: "resetPassword.submitCode", outcome: "browserRequired", arguments: codeArguments,
            state: codeState, answers: [.resetPasswordContinue: [Canned.redirect()]], calls: [continueCall]),
        MappingCase(
            action: "resetPassword.submitCode", outcome: "unexpected", note: "verification_required",
            arguments: codeArguments, state: codeState,
            answers: [.resetPasswordContinue: [Canned.error("verification_required")]], calls: [continueCall],
            data: ["error": "verification_required"]),

        // resetPassword.resendCode
        MappingCase(
            action: "resetPassword.resendCode", outcome: "codeRequired", state: codeState,
            answers: [.resetPasswordChallenge: [Canned.oob("ct-code2")]],
            calls: [
                MappingCase.Call(
                    .resetPasswordChallenge, ["continuation_token": "ct-code", "challenge_type": challengeTypes])
            ], continuation: .fields(["continuationToken": "ct-code2"])),
        MappingCase(
            action: "resetPassword.resendCode", outcome: "expired", state: codeState,
            answers: [.resetPasswordChallenge: [Canned.error("expired_token")]],
            calls: [MappingCase.Call(.resetPasswordChallenge)]),
        MappingCase(
            action: "resetPassword.resendCode", outcome: "browserRequired", state: codeState,
            answers: [.resetPasswordChallenge: [Canned.redirect()]], calls: [MappingCase.Call(.resetPasswordChallenge)]),
        MappingCase(
            action: "resetPassword.resendCode", outcome: "unexpected", state: codeState,
            answers: [.resetPasswordChallenge: [Canned.error("unauthorized_client", codes: [700016])]],
            calls: [MappingCase.Call(.resetPasswordChallenge)], data: ["error": "unauthorized_client"]),
        MappingCase(
            action: "resetPassword.resendCode", outcome: "unexpected", note: "no reset in progress",
            state: flowState("signup", "code", token: "ct"), data: ["error": "invalid_state"]),

        // resetPassword.submitPassword
        MappingCase(
            action: "resetPassword.submitPassword", outcome: "completed", note: "first poll succeeds",
            arguments: passwordArguments, state: passwordState,
            answers: [.resetPasswordSubmit: [submitted], .resetPasswordPollCompletion: [succeeded]],
            calls: [submit, poll], data: ["username": .string(user)],
            continuation: .fields(["flow": "resetpassword", "step": "completed", "continuationToken": "ct-reset-done"]),
            sleeps: []),
        MappingCase(
            action: "resetPassword.submitPassword", outcome: "completed", note: "in_progress, not_started, succeeded",
            arguments: passwordArguments, state: passwordState,
            answers: [
                .resetPasswordSubmit: [submitted],
                .resetPasswordPollCompletion: [inProgress, Canned.ok(["status": "not_started"]), succeeded],
            ], calls: [submit, poll, poll, poll], sleeps: [.seconds(2), .seconds(2)]),
        MappingCase(
            action: "resetPassword.submitPassword", outcome: "invalidPassword", note: "submit",
            arguments: passwordArguments,
            state: passwordState,
            answers: [.resetPasswordSubmit: [Canned.error("invalid_grant", suberror: "password_banned")]],
            calls: [submit], data: ["reason": "password_banned"], continuation: .kept),
        MappingCase(
            action: "resetPassword.submitPassword", outcome: "invalidPassword", note: "poll",
            arguments: passwordArguments,
            state: passwordState,
            answers: [
                .resetPasswordSubmit: [submitted],
                .resetPasswordPollCompletion: [Canned.error("invalid_grant", suberror: "password_recently_used")],
            ], calls: [submit, poll], data: ["reason": "password_recently_used"],
            continuation: .fields(["step": "password", "continuationToken": "ct-submit"])),
        MappingCase(
            action: "resetPassword.submitPassword", outcome: "expired", arguments: passwordArguments,
            state: passwordState,
            answers: [.resetPasswordSubmit: [Canned.error("expired_token")]], calls: [submit]),
        MappingCase(
            action: "resetPassword.submitPassword", outcome: "userNotFound", arguments: passwordArguments,
            state: passwordState,
            answers: [
                .resetPasswordSubmit: [submitted], .resetPasswordPollCompletion: [Canned.error("user_not_found")],
            ],
            calls: [submit, poll]),
        MappingCase(
            action: "resetPassword.submitPassword", outcome: "browserRequired", arguments: passwordArguments,
            state: passwordState,
            answers: [.resetPasswordSubmit: [submitted], .resetPasswordPollCompletion: [Canned.redirect()]],
            calls: [submit, poll]),
        MappingCase(
            action: "resetPassword.submitPassword", outcome: "unexpected", note: "failed", arguments: passwordArguments,
            state: passwordState,
            answers: [
                .resetPasswordSubmit: [submitted], .resetPasswordPollCompletion: [Canned.ok(["status": "failed"])],
            ],
            calls: [submit, poll], data: ["error": "password_reset_failed"]),
        MappingCase(
            action: "resetPassword.submitPassword", outcome: "unexpected", note: "still in progress after 6 polls",
            arguments: passwordArguments, state: passwordState,
            answers: [.resetPasswordSubmit: [submitted], .resetPasswordPollCompletion: [inProgress]],
            calls: [submit, poll, poll, poll, poll, poll, poll], data: ["error": "password_reset_timeout"],
            sleeps: Array(repeating: .seconds(2), count: 5)),
        MappingCase(
            action: "resetPassword.submitPassword", outcome: "unexpected", note: "submit without poll_interval",
            arguments: passwordArguments, state: passwordState,
            answers: [.resetPasswordSubmit: [Canned.token("ct-submit")]], calls: [submit],
            data: ["error": "invalid_response"]),
    ]

    @Test(arguments: cases) func mapping(_ row: MappingCase) async throws {
        try await row.check()
    }
}
