import FlowEngine

/// The signed-in account in the local store; no requests.
extension NativeAuthClient {
    /// `account.current` ⇒ `completed{account, username, claims}` or `noAccount`.
    func accountCurrent(_ call: ActionCall) async -> ActionResult {
        switch await loadAccount(call) {
        case .success(.some(let account)):
            return call.outcome(
                "completed",
                ["account": account.summary, "username": .string(account.username), "claims": .object(account.claims)])
        case .success(.none): return call.outcome("noAccount")
        case .failure(let failure): return failure.result
        }
    }

    /// `account.signOut`: forgets the account and its tokens ⇒ `completed`, or `noAccount` when none.
    func accountSignOut(_ call: ActionCall) async -> ActionResult {
        switch await loadAccount(call) {
        case .success(.some):
            do {
                try await accounts.remove()
            } catch {
                return call.unexpected("account_store_error", "The account could not be removed: \(error)")
            }
            return call.outcome("completed", continuation: AuthorityContinuation())
        case .success(.none): return call.outcome("noAccount")
        case .failure(let failure): return failure.result
        }
    }

    /// The stored account; a store failure is already the `unexpected` result.
    func loadAccount(_ call: ActionCall) async -> Result<CachedAccount?, UnexpectedResult> {
        do {
            return .success(try await accounts.load())
        } catch {
            return .failure(
                UnexpectedResult(
                    result: call.unexpected("account_store_error", "The account could not be read: \(error)")))
        }
    }
}

/// An `unexpected` result carried as an error.
struct UnexpectedResult: Error, Sendable {
    var result: ActionResult
}
