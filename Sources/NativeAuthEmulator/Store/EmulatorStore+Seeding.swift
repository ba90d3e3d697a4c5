import FlowrunFoundation
import Foundation
import NativeAuthWire

/// A user to put in the store before a run, as if they had signed up earlier (scenario set-ups, fixtures).
public struct UserSeed: Sendable, Hashable {
    public var username: String
    /// `nil` for a user who signs in with emailed codes only.
    public var password: String?
    public var attributes: [String: String]
    /// Whether the user needs a second factor at sign-in.
    public var mfa: Bool
    /// Registered strong-auth contacts as `channel:target` (`email:…` or `sms:…`).
    public var methods: [String]

    public init(
        username: String, password: String? = nil, attributes: [String: String] = [:], mfa: Bool = false,
        methods: [String] = []
    ) {
        self.username = username
        self.password = password
        self.attributes = attributes
        self.mfa = mfa
        self.methods = methods
    }
}

extension EmulatorStore {
    /// Adds a user, the password hashed as sign-up hashes it. Throws when the username is taken or a method is
    /// not `channel:target`.
    @discardableResult
    public func addUser(_ seed: UserSeed, hashIterations: Int, now: Date = Date()) async throws -> EmulatorUser {
        let methods = try seed.methods.map { method in
            let parts = method.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2, ["email", "sms"].contains(parts[0]), !parts[1].isEmpty else {
                throw EmulatorStoreError(message: "a method is `email:ADDRESS` or `sms:NUMBER`, not `\(method)`")
            }
            return StrongAuthMethod(id: RandomUUID.lowercased(), channel: parts[0], target: parts[1])
        }
        let passwordHash = try seed.password.map { try PasswordHasher.hash($0, iterations: hashIterations) }
        let time = now.timeIntervalSince1970
        let record = UserRecord(
            id: RandomUUID.lowercased(), username: seed.username, passwordHash: passwordHash,
            attributes: seed.attributes, mfa: seed.mfa, methods: methods, createdAt: time, updatedAt: time)
        return try await write { store in
            if try store.user(named: seed.username) != nil {
                throw EmulatorStoreError(message: "a user named `\(seed.username)` already exists")
            }
            try store.insert(record)
            return EmulatorUser(record)
        }
    }

    /// Whether `password` is the user's password (constant-time); false when there is no such user or the user
    /// has no password.
    public func passwordMatches(_ password: String, for username: String) async throws -> Bool {
        let hash = try await read { store in try store.user(named: username)?.passwordHash }
        guard let hash else { return false }
        return PasswordHasher.verify(password, against: hash)
    }
}

extension EmulatorStore {
    /// The database's integrity check (SQLite's `PRAGMA integrity_check`, PostgreSQL's `amcheck`): `["ok"]` for
    /// a sound database, else the problems it found.
    public func integrityCheck() async throws -> [String] {
        try await backend.integrityCheck()
    }
}
