/// Smart lockout, modelled on Microsoft Entra's: wrong passwords and wrong codes are counted per account (across
/// continuation tokens, resends and flows); at `threshold` failures the account is locked for `durationSeconds`,
/// twice as long after each further lockout (at most `maxDurationSeconds`). A locked account is answered
/// `invalid_grant` AADSTS50053, whatever the password or code.
public struct LockoutConfiguration: Sendable, Codable, Hashable {
    /// Failures (wrong passwords and codes) that lock the account; 0 turns lockout off.
    public var threshold: Int
    /// How long the first lockout lasts.
    public var durationSeconds: Int
    /// The longest a lockout lasts however often the account was locked.
    public var maxDurationSeconds: Int

    public init(threshold: Int = 10, durationSeconds: Int = 60, maxDurationSeconds: Int = 3600) {
        self.threshold = threshold
        self.durationSeconds = durationSeconds
        self.maxDurationSeconds = maxDurationSeconds
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.configurationContainer(known: [
            "threshold", "durationSeconds", "maxDurationSeconds",
        ])
        self.init(
            threshold: try container.value("threshold", or: 10),
            durationSeconds: try container.value("durationSeconds", or: 60),
            maxDurationSeconds: try container.value("maxDurationSeconds", or: 3600)
        )
    }

    /// How long the `lockouts`-th lockout in a row lasts (1 for the first).
    package func duration(ofLockout lockouts: Int) -> Int {
        var seconds = max(durationSeconds, 1)
        for _ in 1..<max(lockouts, 1) where seconds < maxDurationSeconds { seconds *= 2 }
        return min(seconds, max(maxDurationSeconds, durationSeconds))
    }
}
