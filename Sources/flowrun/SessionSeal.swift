#if Running
    import FlowEngine
    import FlowSessionSeal
    import Foundation

    /// The key a saved session is sealed with (`FlowSessionSeal.SessionSeal`): a continuation token can finish a
    /// step on its own (after a reset's code step it sets the user's password), so a session file holds it only
    /// encrypted and authenticated (AES-GCM) under a key kept outside the file, in the state folder
    /// (`session.key`, mode 0600). The file alone is no credential; resuming needs the same state folder.
    struct SessionFileSeal {
        let keyPath: String

        init(state: StateDirectory) {
            keyPath = state.file("session.key")
        }

        /// `session` with its continuation sealed.
        func seal(_ session: Session) throws -> SealedSession {
            do {
                return try SessionSeal(keyFile: keyPath).seal(session)
            } catch let error as SealError {
                throw CommandFailure(error.description)
            }
        }

        /// The session with its continuation opened; an error when the key is missing or does not open it.
        func open(_ sealed: SealedSession, path: String) throws -> Session {
            guard sealed.sealedContinuation != nil else { return sealed.session }
            guard let seal = try? SessionSeal(keyFile: keyPath, creating: false), let opened = seal.open(sealed)
            else {
                throw CommandFailure(
                    "\(path) was saved with another state folder's key (\(keyPath)); resume with the --state-dir it "
                        + "was saved with")
            }
            return opened
        }
    }
#endif
