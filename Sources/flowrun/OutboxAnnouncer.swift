import FlowEngine
import FlowModel
import Foundation
import NativeAuthEmulator

/// In a terminal, shows on standard error each code the embedded authority "sends" while an action runs, so
/// that a newcomer can finish a one-time-passcode flow with no mailbox.
struct OutboxAnnouncer: Authority {
    let base: any Authority
    let emulator: NativeAuthEmulator

    var catalog: ActionCatalog { base.catalog }

    func perform(_ action: String, arguments: [String: Value], continuation: AuthorityContinuation?) async throws
        -> ActionResult
    {
        let before = Date()
        let result = try await base.perform(action, arguments: arguments, continuation: continuation)
        let sent = (try? await emulator.outbox(to: nil, limit: 5)) ?? []
        for message in sent.reversed() where message.sentAt >= before.addingTimeInterval(-1) {
            Terminal.writeError("[embedded authority outbox] code for \(message.to): \(message.code)")
        }
        return result
    }
}
