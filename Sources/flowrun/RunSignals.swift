#if Running
    import FlowEngine
    import FlowrunFoundation
    import NativeAuth

    /// What a run's native-auth client tells as it goes (``NativeAuthClientEvent``): the run's user, whose code
    /// `@outbox` stands for, and the actions that never reached the authority, which the run names on standard
    /// error at its end (the flow itself shows only its own generic message for `unexpected`).
    final class RunSignals: Sendable {
        private let user = Locked<String?>(nil)
        private let noAnswers = Locked<[String]>([])
        private let storeFailures = Locked(false)

        /// Whether the embedded authority's store failed to read or write its database during the run.
        var storeFailed: Bool { storeFailures.value }

        /// Notes that the embedded authority's store failed.
        func noteStoreFailure() {
            storeFailures.withLock { $0 = true }
        }

        /// The run's username, once the client named one.
        var username: String? { user.value }

        /// Each action that got no answer, with what failed.
        var problems: [String] { noAnswers.value }

        /// Notes one event of the client.
        func note(_ event: NativeAuthClientEvent) {
            switch event {
            case .user(let username): user.withLock { $0 = username }
            case .noAnswer(let action, let description): noAnswers.withLock { $0.append("\(action): \(description)") }
            }
        }

        /// Notes the user a resumed session's continuation continues with.
        func resume(_ session: Session) {
            if let username = NativeAuthClient.username(in: session.continuation) { note(.user(username)) }
        }
    }
#endif
