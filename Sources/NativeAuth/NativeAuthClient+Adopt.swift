import FlowrunFoundation

extension NativeAuthClient {
    /// Keeps the account of `tokens`, a token endpoint's answer issued elsewhere for `username` (e.g. by the server
    /// whose sign-in pages the user signed in on), as a sign-in would: the token and account actions then run
    /// against it. Throws ``AdoptedTokensError`` when the answer is not one a sign-in would accept.
    public func adopt(tokens: [String: Value], username: String) async throws {
        switch account(from: WireBody(tokens), username: username, scopes: [], replacing: nil) {
        case .success(let account): try await accounts.save(account)
        case .failure(let problem): throw AdoptedTokensError(description: problem.message)
        }
    }
}

/// Why `NativeAuthClient.adopt(tokens:username:)` refused a token answer; never names a token.
public struct AdoptedTokensError: Error, Sendable, CustomStringConvertible {
    public var description: String
}
