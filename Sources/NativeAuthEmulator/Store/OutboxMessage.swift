import Foundation

/// A one-time passcode the emulator "sent": read it from ``NativeAuthEmulator/outbox(to:limit:)``.
public struct OutboxMessage: Sendable, Codable, Hashable {
    /// What the code is for.
    public enum Purpose: String, Sendable, Codable, Hashable, CaseIterable {
        case signUp, signIn, resetPassword, mfa, registration
    }

    /// The email address or phone number the code went to.
    public var to: String
    public var code: String
    public var purpose: Purpose
    public var sentAt: Date
    public var expiresAt: Date

    public init(to: String, code: String, purpose: Purpose, sentAt: Date, expiresAt: Date) {
        self.to = to
        self.code = code
        self.purpose = purpose
        self.sentAt = sentAt
        self.expiresAt = expiresAt
    }
}
