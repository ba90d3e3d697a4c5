import NativeAuthTenant

/// Why a new password was refused; the raw value is the wire suberror.
enum PasswordProblem: String, Sendable, Hashable {
    case tooShort = "password_too_short"
    case tooLong = "password_too_long"
    case tooWeak = "password_too_weak"
    case banned = "password_banned"
    case invalid = "password_is_invalid"
    case recentlyUsed = "password_recently_used"
}

/// Checks new passwords against the tenant's `PasswordPolicy`.
enum PasswordRules {
    /// The first problem with `password`, or nil when it is acceptable. Allowed characters are printable ASCII
    /// (letters, digits, space and symbols), as in Microsoft Entra.
    static func problem(with password: String, policy: PasswordPolicy) -> PasswordProblem? {
        let scalars = password.unicodeScalars
        guard scalars.allSatisfy({ (0x20...0x7E).contains($0.value) }) else { return .invalid }
        if scalars.count < policy.minLength { return .tooShort }
        if scalars.count > policy.maxLength { return .tooLong }
        let lowered = password.lowercased()
        if policy.banned.contains(where: { $0.lowercased() == lowered }) { return .banned }
        if characterClasses(of: password) < policy.minCharacterClasses { return .tooWeak }
        return nil
    }

    /// How many of lowercase, uppercase, digits and symbols the password uses.
    static func characterClasses(of password: String) -> Int {
        var lower = false
        var upper = false
        var digit = false
        var symbol = false
        for scalar in password.unicodeScalars {
            switch scalar.value {
            case 0x61...0x7A: lower = true
            case 0x41...0x5A: upper = true
            case 0x30...0x39: digit = true
            default: symbol = true
            }
        }
        return [lower, upper, digit, symbol].filter { $0 }.count
    }
}
