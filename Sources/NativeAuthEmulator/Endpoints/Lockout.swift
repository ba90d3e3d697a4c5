import NativeAuthTenant
import NativeAuthWire

/// Smart lockout (`LockoutConfiguration`): wrong passwords and codes are counted per account in `lockouts`,
/// keyed by the account's canonical username, so new tokens, resends and new flows do not reset the count. The
/// row is written in the request's transaction, which commits even when the answer is an error.
extension RequestTransaction {
    /// The lockout answer when `username`'s account is locked now; nil when it may try a password or code.
    func lockedAnswer(for username: String) throws -> EmulatorError? {
        guard configuration.lockout.threshold > 0,
            let lockedUntil = try store.lockout(account: Contacts.canonical(username))?.lockedUntil,
            lockedUntil > now
        else { return nil }
        return .accountLocked(seconds: TokenIssuer.seconds((lockedUntil - now).rounded(.up)))
    }

    /// Counts one wrong password or code for `username`'s account; the failure that reaches the threshold locks
    /// the account (for longer after each lockout in a row) and starts the count again.
    func recordFailure(for username: String) throws {
        let lockout = configuration.lockout
        guard lockout.threshold > 0 else { return }
        let account = Contacts.canonical(username)
        let row = try store.lockout(account: account)
        var failures = row?.failures ?? 0
        var lockouts = row?.lockouts ?? 0
        var lockedUntil = 0.0
        failures += 1
        if failures >= lockout.threshold {
            lockouts += 1
            failures = 0
            lockedUntil = now + Double(lockout.duration(ofLockout: lockouts))
        }
        try store.saveLockout(
            LockoutRecord(
                account: account, failures: failures, lockouts: lockouts, lockedUntil: lockedUntil, updatedAt: now))
    }

    /// A right password or code: the account's count starts again.
    func recordSuccess(for username: String) throws {
        guard configuration.lockout.threshold > 0 else { return }
        try store.deleteLockout(account: Contacts.canonical(username))
    }
}
