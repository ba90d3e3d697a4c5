import FlowrunFoundation
import Foundation
import NativeAuthTenant
import NativeAuthWire

/// What a request produced inside its transaction. `failure` answers are committed (a wrong code counts);
/// thrown ``EmulatorError``s roll the transaction back.
enum EndpointResult: Sendable {
    case ok([String: Value])
    case failure(EmulatorError)
    /// Tokens to sign once the transaction has committed.
    case tokens(TokenGrant)
}

/// The user and client tokens are issued for; the refresh token (already stored hashed) is included in clear.
struct TokenGrant: Sendable {
    var user: UserRecord
    var clientID: String
    var scopes: [String]
    var refreshToken: String?
    var issuedAt: Double
    /// The `nonce` of the authorization request, carried into the ID token.
    var nonce: String? = nil
}

/// One request inside its write transaction: every endpoint is a method of this type. The slow, pure work
/// (opening the token, hashing passwords) was done before the transaction, in `prepared`.
struct RequestTransaction {
    let context: RequestContext
    let store: any StoreTransaction
    let tokens: ContinuationTokens
    let prepared: PrecomputedWork
    /// The codes this attempt sent, delivered once it has committed.
    let sent = SentCodes()

    /// `purge` deletes the continuations, codes and refresh tokens that expired more than an hour ago, and
    /// lockouts over for an hour (housekeeping, not every request), so the store does not grow without bound.
    init(
        context: RequestContext, store: any StoreTransaction, tokens: ContinuationTokens, prepared: PrecomputedWork,
        purge: Bool
    ) throws {
        self.context = context
        self.store = store
        self.tokens = tokens
        self.prepared = prepared
        if purge {
            try store.purge(before: context.now.timeIntervalSince1970 - 3600)
        }
    }

    var configuration: TenantConfiguration { context.configuration }
    var now: Double { context.now.timeIntervalSince1970 }

    /// A fresh identifier for a row: time-ordered, so that rows keyed by it are appended to their indexes rather
    /// than written to a random page of each.
    func newID() -> String {
        RandomUUID.timeOrdered(at: now)
    }

    func route() throws -> EndpointResult {
        switch context.endpoint {
        case .signUpStart: return try signUpStart()
        case .signUpChallenge: return try signUpChallenge()
        case .signUpContinue: return try signUpContinue()
        case .signInInitiate: return try signInInitiate()
        case .signInChallenge: return try signInChallenge()
        case .signInIntrospect: return try mfaIntrospect()
        case .token: return try token()
        case .registerIntrospect: return try registerIntrospect()
        case .registerChallenge: return try registerChallenge()
        case .registerContinue: return try registerContinue()
        case .resetPasswordStart: return try resetPasswordStart()
        case .resetPasswordChallenge: return try resetPasswordChallenge()
        case .resetPasswordContinue: return try resetPasswordContinue()
        case .resetPasswordSubmit: return try resetPasswordSubmit()
        case .resetPasswordPollCompletion: return try resetPasswordPollCompletion()
        }
    }

    /// The user a flow is about; `user_not_found` when it was deleted meanwhile.
    func user(_ state: FlowProgress) throws -> UserRecord {
        guard let id = state.userID, let user = try store.user(id: id) else {
            throw EmulatorError.userNotFound
        }
        return user
    }

    /// A redirect answer that also ends the presented continuation.
    func redirect(_ reason: String, consuming record: ContinuationRecord? = nil) throws -> EndpointResult {
        if let record { try consume(record) }
        return .ok(Bodies.redirect(reason))
    }
}
