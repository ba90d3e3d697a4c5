#if Running
    import FlowEngine
    import FlowModel
    import FlowrunFoundation
    import Foundation
    import NativeAuthEmulator

    /// In an interactive run, shows on standard error each code the embedded authority "sends" while an action runs, so
    /// that a newcomer can finish a one-time-passcode flow with no mailbox.
    struct OutboxAnnouncer: Authority {
        let base: any Authority
        let emulator: NativeAuthEmulator

        var catalog: ActionCatalog { base.catalog }

        func perform(_ action: String, arguments: [String: Value], continuation: AuthorityContinuation?) async throws
            -> ActionResult
        {
            let previous = try? await emulator.outbox(to: nil, limit: 1).first
            let result = try await base.perform(action, arguments: arguments, continuation: continuation)
            let recent = (try? await emulator.outbox(to: nil, limit: 5)) ?? []
            // Newest first: everything above the message that was newest before this action is new.
            let sent = recent.prefix { $0 != previous }
            for message in sent.reversed() {
                Terminal.writeError("[embedded authority outbox] code for \(message.to): \(message.code)")
            }
            return result
        }
    }
#endif
