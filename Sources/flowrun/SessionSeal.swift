#if Running
    import FlowEngine
    import FlowServer
    import Foundation

    /// The authority's continuation of a saved session, sealed (`FlowServer.ContinuationSeal`): a continuation token
    /// can finish a step on its own (after a reset's code step it sets the user's password), so a session file holds
    /// it only encrypted and authenticated (AES-GCM) under a key kept outside the file, in the state folder
    /// (`session.key`, mode 0600). The file alone is no credential; resuming needs the same state folder.
    struct SessionSeal {
        let keyPath: String

        init(state: StateDirectory) {
            keyPath = state.file("session.key")
        }

        /// `session` with its continuation fields replaced by one sealed field.
        func seal(_ session: Session) throws -> Session {
            do {
                return try ContinuationSeal(keyFile: keyPath).seal(session)
            } catch let error as SealError {
                throw CommandFailure(error.description)
            }
        }

        /// `session` with its sealed continuation opened; an error when the key is missing or does not open it.
        func open(_ session: Session, path: String) throws -> Session {
            guard session.continuation?[ContinuationSeal.sealedField] != nil else { return session }
            guard let seal = try? ContinuationSeal(keyFile: keyPath, creating: false), let opened = seal.open(session)
            else {
                throw CommandFailure(
                    "\(path) was saved with another state folder's key (\(keyPath)); resume with the --state-dir it "
                        + "was saved with")
            }
            return opened
        }
    }
#endif
