import Testing

/// Every canned answer of section 7 of the protocol reference, served over real HTTP by a Hummingbird server,
/// mapped by `NativeAuthClient` over `HTTPTransport` to the outcome section 4 names.
@Suite struct WireMappingTests {
    @Test(arguments: SignUpRows.startRows) func signUpStart(row: WireRow) async throws { try await row.check() }
    @Test(arguments: SignUpRows.challengeRows) func signUpChallenge(row: WireRow) async throws { try await row.check() }
    @Test(arguments: SignUpRows.continueRows) func signUpContinue(row: WireRow) async throws { try await row.check() }
    @Test(arguments: SignInRows.initiateRows) func initiate(row: WireRow) async throws { try await row.check() }
    @Test(arguments: SignInRows.challengeRows) func signInChallenge(row: WireRow) async throws { try await row.check() }
    @Test(arguments: SignInRows.introspectRows) func introspect(row: WireRow) async throws { try await row.check() }
    @Test(arguments: SignInRows.tokenRows) func token(row: WireRow) async throws { try await row.check() }
    @Test(arguments: StrongAuthAndResetRows.registerRows) func register(row: WireRow) async throws {
        try await row.check()
    }
    @Test(arguments: StrongAuthAndResetRows.resetRows) func resetPassword(row: WireRow) async throws {
        try await row.check()
    }
}
