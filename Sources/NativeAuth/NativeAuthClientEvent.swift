import FlowEngine

/// What a ``NativeAuthClient`` tells its observer while it performs actions, for a host that shows more than the
/// flow does (which code is the run's own, why an action got no answer).
public enum NativeAuthClientEvent: Sendable, Hashable {
    /// The user the running flow is for: the username an action was given, or the one its flow continues with.
    case user(String)
    /// `action` got no answer from the authority (the transport failed twice), so it answered `unexpected` with
    /// `error` `transport_error`; `description` says what failed.
    case noAnswer(action: String, description: String)
}

extension NativeAuthClient {
    /// The user a continuation this client made continues with; nil when it is no continuation of this client or
    /// names no user.
    public static func username(in continuation: AuthorityContinuation?) -> String? {
        guard let username = ContinuationState(continuation)?.username, !username.isEmpty else { return nil }
        return username
    }
}
