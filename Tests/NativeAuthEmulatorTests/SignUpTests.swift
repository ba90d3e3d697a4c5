import FlowEngine
import NativeAuth
import NativeAuthEmulator
import NativeAuthTenant
import NativeAuthWire
import TestSupport
import Testing

@Suite("Sign-up")
struct SignUpTests {
    @Test("email OTP sign-up end to end creates the user")
    func otpEndToEnd() async throws {
        let harness = try Harness()
        let started = await harness.send(
            .signUpStart, ["username": "ann@contoso.com", "challenge_type": "oob redirect"])
        #expect(started.status == 200)
        #expect(started.headers["client-request-id"] != nil)
        let challenged = await harness.send(.signUpChallenge, ["continuation_token": try started.token()])
        #expect(challenged.string("challenge_type") == "oob")
        #expect(challenged.string("binding_method") == "prompt")
        #expect(challenged.string("challenge_channel") == "email")
        #expect(challenged.string("challenge_target_label") == "a***n@co**o.com")
        #expect(challenged.integer("code_length") == 8)
        let message = try #require(try await harness.emulator.outbox(to: "ann@contoso.com").first)
        #expect(message.purpose == .signUp)
        #expect(message.code.count == 8 && message.code.allSatisfy(\.isNumber))
        let verified = await harness.send(
            .signUpContinue, ["continuation_token": try challenged.token(), "grant_type": "oob", "oob": message.code])
        #expect(verified.status == 200)
        #expect(verified.integer("expires_in") == 600)
        let user = try #require(try await harness.emulator.store.user(named: "ANN@contoso.com"))
        #expect(user.hasPassword == false)
    }

    @Test("a password sent on start is stored and signs in")
    func passwordAtStart() async throws {
        let harness = try Harness()
        try await harness.signUp("bob@contoso.com", password: strongPassword)
        #expect(try await harness.emulator.store.user(named: "bob@contoso.com")?.hasPassword == true)
        let tokens = try await harness.signIn("bob@contoso.com", password: strongPassword)
        #expect(tokens.status == 200)
        #expect(tokens.string("access_token") != nil)
    }

    @Test("emailPassword: credential_required after verification, then password challenge and continue")
    func passwordAfterVerification() async throws {
        let harness = try Harness(.testing { $0.signUp.method = .emailPassword })
        let started = await harness.send(
            .signUpStart, ["username": "cy@contoso.com", "challenge_type": "oob password redirect"])
        let challenged = await harness.send(.signUpChallenge, ["continuation_token": try started.token()])
        let code = try await harness.code(to: "cy@contoso.com")
        let verified = await harness.send(
            .signUpContinue, ["continuation_token": try challenged.token(), "grant_type": "oob", "oob": code])
        #expect(verified.status == 400)
        #expect(verified.error == "credential_required")
        #expect(verified.errorCodes == [55103])
        let passwordChallenge = await harness.send(.signUpChallenge, ["continuation_token": try verified.token()])
        #expect(passwordChallenge.string("challenge_type") == "password")
        let weak = await harness.send(
            .signUpContinue,
            ["continuation_token": try passwordChallenge.token(), "grant_type": "password", "password": "short"])
        #expect(weak.suberror == "password_too_short")
        let done = await harness.send(
            .signUpContinue,
            ["continuation_token": try passwordChallenge.token(), "grant_type": "password", "password": strongPassword])
        #expect(done.status == 200, "\(done)")
        #expect(try await harness.emulator.store.user(named: "cy@contoso.com")?.hasPassword == true)
    }

    @Test("attributes over two rounds (pages), with a validation failure in between")
    func attributesOverTwoRounds() async throws {
        let harness = try Harness(
            .testing {
                $0.signUp.requiredAttributes = [
                    AttributeRequirement(name: "displayName", page: 1),
                    AttributeRequirement(name: "city", regex: "[A-Z][a-z]+", page: 2),
                ]
                $0.tokens.attributeClaims = ["city"]
            })
        let started = await harness.send(
            .signUpStart, ["username": "di@contoso.com", "challenge_type": "oob redirect"])
        let challenged = await harness.send(.signUpChallenge, ["continuation_token": try started.token()])
        let code = try await harness.code(to: "di@contoso.com")
        let first = await harness.send(
            .signUpContinue, ["continuation_token": try challenged.token(), "grant_type": "oob", "oob": code])
        #expect(first.error == "attributes_required")
        #expect(first.errorCodes == [55106])
        let required = try #require(WireError(body: first.body ?? [:])?.requiredAttributes)
        #expect(required == [RequiredAttribute(name: "displayName")])
        let second = await harness.send(
            .signUpContinue,
            [
                "continuation_token": try first.token(), "grant_type": "attributes",
                "attributes": #"{"displayName":"Di"}"#,
            ])
        #expect(second.error == "attributes_required")
        #expect(WireError(body: second.body ?? [:])?.requiredAttributes?.map(\.name) == ["city"])
        #expect(WireError(body: second.body ?? [:])?.requiredAttributes?.first?.regex == "[A-Z][a-z]+")
        let invalid = await harness.send(
            .signUpContinue,
            ["continuation_token": try second.token(), "grant_type": "attributes", "attributes": #"{"city":"oslo"}"#])
        #expect(invalid.error == "invalid_grant")
        #expect(invalid.suberror == "attribute_validation_failed")
        #expect(invalid.names("invalid_attributes") == ["city"])
        #expect(invalid.string("continuation_token") == nil)
        let done = await harness.send(
            .signUpContinue,
            ["continuation_token": try second.token(), "grant_type": "attributes", "attributes": #"{"city":"Oslo"}"#])
        #expect(done.status == 200, "\(done)")
        let user = try #require(try await harness.emulator.store.user(named: "di@contoso.com"))
        #expect(user.attributes == ["displayName": "Di", "city": "Oslo"])
    }

    @Test("attributes on start: validated, unknown ones ignored, no attribute round")
    func attributesAtStart() async throws {
        let harness = try Harness(
            .testing {
                $0.signUp.requiredAttributes = [AttributeRequirement(name: "displayName")]
                $0.signUp.optionalAttributes = [
                    AttributeRequirement(name: "postalCode", regex: "[0-9]{4}", required: false)
                ]
            })
        let refused = await harness.send(
            .signUpStart,
            [
                "username": "eve@contoso.com", "challenge_type": "oob redirect",
                "attributes": #"{"displayName":"Eve","postalCode":"12a"}"#,
            ])
        #expect(refused.suberror == "attribute_validation_failed")
        #expect(refused.names("invalid_attributes") == ["postalCode"])
        try await harness.signUp(
            "eve@contoso.com", attributes: #"{"displayName":"Eve","postalCode":"0150","shoeSize":"9"}"#)
        let user = try #require(try await harness.emulator.store.user(named: "eve@contoso.com"))
        #expect(user.attributes == ["displayName": "Eve", "postalCode": "0150"])
    }

    @Test("an existing username gives user_already_exists (1003037)")
    func userAlreadyExists() async throws {
        let harness = try Harness()
        try await harness.signUp("fay@contoso.com")
        let again = await harness.send(.signUpStart, ["username": "Fay@Contoso.com", "challenge_type": "oob redirect"])
        #expect(again.error == "user_already_exists")
        #expect(again.errorCodes == [1003037])
    }

    @Test(
        "an invalid username gives invalid_request 90100 naming the username parameter",
        arguments: ["", "not-an-email", "a@b", "x y@contoso.com"])
    func invalidUsername(username: String) async throws {
        let harness = try Harness()
        let answer = await harness.send(.signUpStart, ["username": username, "challenge_type": "oob redirect"])
        #expect(answer.error == "invalid_request")
        #expect(answer.errorCodes == [90100])
        #expect(answer.string("error_description")?.contains("username parameter is empty or not valid") == true)
    }

    @Test(
        "each password rule has its suberror",
        arguments: [
            ("Ab1!", "password_too_short"),
            (String(repeating: "Ab1!", count: 65), "password_too_long"),
            ("alllowercaseletters", "password_too_weak"),
            ("P@ssw0rd", "password_banned"),
            ("Pässwörd-Lang-42", "password_is_invalid"),
        ])
    func passwordSuberrors(password: String, suberror: String) async throws {
        let harness = try Harness()
        let answer = await harness.send(
            .signUpStart,
            ["username": "gil@contoso.com", "challenge_type": "oob password redirect", "password": password])
        #expect(answer.status == 400)
        #expect(answer.error == "invalid_grant")
        #expect(answer.suberror == suberror)
        #expect(answer.string("error_description")?.contains(password) == false)
    }

    @Test("a password to an OTP-only flow gives unsupported_auth_method")
    func unsupportedAuthMethod() async throws {
        let harness = try Harness(.testing { $0.signUp.passwordAllowed = false })
        let answer = await harness.send(
            .signUpStart,
            ["username": "hal@contoso.com", "challenge_type": "oob password redirect", "password": strongPassword])
        #expect(answer.error == "unsupported_auth_method")
    }

    @Test("an oob-redirect client against an emailPassword sign-up is redirected")
    func redirectWithoutPassword() async throws {
        let harness = try Harness(.testing { $0.signUp.method = .emailPassword })
        let answer = await harness.send(
            .signUpStart, ["username": "ivy@contoso.com", "challenge_type": "oob redirect"])
        #expect(answer.status == 200)
        #expect(answer.string("challenge_type") == "redirect")
        #expect(answer.string("redirect_reason") != nil)
        #expect(answer.string("continuation_token") == nil)
    }

    @Test("a client configured without password is redirected even when it asks for password")
    func clientChallengeTypesNarrowTheRequest() async throws {
        let harness = try Harness(
            .testing {
                $0.signUp.method = .emailPassword
                $0.clients = [ClientConfiguration(challengeTypes: ["oob", "redirect"])]
            })
        let answer = await harness.send(
            .signUpStart, ["username": "jo@contoso.com", "challenge_type": "oob password redirect"])
        #expect(answer.string("challenge_type") == "redirect")
    }

    @Test("challenge_type without redirect gives 901007; unknown types unsupported_challenge_type")
    func challengeTypeRules() async throws {
        let harness = try Harness()
        let noRedirect = await harness.send(
            .signUpStart, ["username": "kim@contoso.com", "challenge_type": "oob password"])
        #expect(noRedirect.error == "invalid_request")
        #expect(noRedirect.errorCodes == [901007])
        let unknown = await harness.send(
            .signUpStart, ["username": "kim@contoso.com", "challenge_type": "oob telepathy redirect"])
        #expect(unknown.error == "unsupported_challenge_type")
        let missing = await harness.send(.signUpStart, ["username": "kim@contoso.com"])
        #expect(missing.errorCodes == [90100])
    }
}
