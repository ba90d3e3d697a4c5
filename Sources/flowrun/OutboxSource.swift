#if Running
    import Foundation
    import NativeAuthEmulator
    import NativeAuthHTTP

    /// Where the code `@outbox` stands for comes from: the newest code sent to the run's own user (its username, or
    /// a second-factor or registration code of its flow), never another user's.
    struct OutboxSource: Sendable {
        /// The newest code for `username` (any recipient when nil); `nil` when none was sent.
        let latestCode: @Sendable (_ username: String?) async throws -> String?
        /// Why there is no code, for the error line.
        let noCode: String

        /// Whether a code sent to `recipient` for `purpose` is the run's own: sent to its username, or a
        /// second-factor or registration code (those go to the user's other contacts).
        static func isFor(_ username: String?, recipient: String, purpose: String) -> Bool {
            guard let username else { return true }
            if ["mfa", "registration"].contains(purpose) { return true }
            return fold(recipient) == fold(username)
        }

        private static func fold(_ text: String) -> String {
            text.precomposedStringWithCanonicalMapping.lowercased()
        }

        /// The embedded emulator's outbox.
        static func embedded(_ emulator: NativeAuthEmulator) -> OutboxSource {
            OutboxSource(
                latestCode: { username in
                    try await emulator.outbox(to: nil, limit: 50).first {
                        isFor(username, recipient: $0.to, purpose: $0.purpose.rawValue)
                    }?.code
                },
                noCode: "the embedded authority has sent no code to this run's user")
        }

        /// The dev outbox of `flowrun serve --dev-outbox`.
        static func dev(_ outbox: DevOutbox) -> OutboxSource {
            OutboxSource(
                latestCode: { username in
                    try await outbox.messages(limit: 50).first {
                        isFor(username, recipient: $0.to, purpose: $0.purpose)
                    }?
                    .code
                },
                noCode: "the authority's dev outbox (\(outbox.url.absoluteString)) holds no code for this run's user")
        }

        /// A real tenant: codes go by email, and there is no outbox to read.
        static func none(_ authority: URL) -> OutboxSource {
            OutboxSource(
                latestCode: { _ in
                    throw CommandFailure(
                        "a real tenant (\(authority.absoluteString)) sends codes by email and has no outbox to read; "
                            + "give the code itself")
                }, noCode: "")
        }

        /// The code for `@outbox` sent to `username` (the run's user), or an error line.
        func code(for username: String?) async throws -> String {
            let code: String?
            do {
                code = try await latestCode(username)
            } catch let error as CancellationError {
                throw error
            } catch {
                throw CommandFailure("`@outbox`: \(error)")
            }
            guard let code else { throw CommandFailure("`@outbox`: \(noCode)") }
            return code
        }
    }
#endif
