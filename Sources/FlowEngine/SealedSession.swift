import Foundation

/// A ``Session`` made fit to be stored where others may read it: the authority's continuation (which can finish a
/// step on its own) is sealed, encrypted and authenticated under a key kept elsewhere; everything else, which
/// holds no secret, stays as it is. Made and opened by `FlowSessionSeal`'s `SessionSeal`.
public struct SealedSession: Sendable, Hashable, Codable {
    /// The session without its continuation.
    public var session: Session
    /// The continuation's fields, sealed; nil when the session had no continuation.
    public var sealedContinuation: Data?

    /// `session` (its continuation is dropped) with `sealedContinuation`.
    public init(session: Session, sealedContinuation: Data?) {
        var session = session
        session.continuation = nil
        self.session = session
        self.sealedContinuation = sealedContinuation
    }
}
