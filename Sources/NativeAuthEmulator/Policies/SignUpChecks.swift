import NativeAuthTenant

/// A cheap check of a sign-up start with a password, run before the password is hashed so that a request
/// that will be refused costs no hash.
enum SignUpChecks {
    /// Whether a sign-up with these challenge types may take a password now: no redirect, and a password allowed.
    static func acceptsPassword(types: Set<String>, signUp: SignUpConfiguration) -> Bool {
        guard types.contains("oob") else { return false }
        if signUp.method == .emailPassword { return types.contains("password") }
        return signUp.passwordAllowed
    }

}
