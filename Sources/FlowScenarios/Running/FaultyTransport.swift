import FlowEngine
import FlowrunFoundation
import Foundation
import NativeAuth
import NativeAuthEmulator
import NativeAuthWire

/// The in-process transport to the emulator with the wire faults a scenario arms: HTTP 500 answers and
/// requests that get no answer at all.
final class FaultyTransport: Transport, Sendable {
    private let base: InProcessTransport
    private let armed = Locked(ArmedFaults(serverErrors: 0, unreachable: false))

    init(emulator: NativeAuthEmulator) {
        base = InProcessTransport(emulator: emulator)
    }

    /// Arms the faults for the next call: its first `serverErrors` requests get HTTP 500, or none of its
    /// requests gets an answer.
    func arm(serverErrors: Int, unreachable: Bool) {
        armed.withLock { $0 = ArmedFaults(serverErrors: serverErrors, unreachable: unreachable) }
    }

    func disarm() {
        arm(serverErrors: 0, unreachable: false)
    }

    func send(_ request: WireRequest) async throws -> WireResponse {
        let fault: Fault? = armed.withLock { armed in
            if armed.unreachable { return .unreachable }
            if armed.serverErrors > 0 {
                armed.serverErrors -= 1
                return .serverError
            }
            return nil
        }
        switch fault {
        case .unreachable: throw TransportFault.connectionRefused
        case .serverError:
            let body: [String: Value] = [
                "error": "server_error", "error_description": "Injected fault: the server failed.",
                "error_codes": [500011],
            ]
            return WireResponse(status: 500, headers: ["content-type": "application/json; charset=utf-8"], body: body)
        case nil: return try await base.send(request)
        }
    }

    /// The faults armed for the current call.
    private struct ArmedFaults: Sendable {
        var serverErrors: Int
        var unreachable: Bool
    }

    private enum Fault {
        case serverError
        case unreachable
    }
}

/// A request that got no answer because a scenario said so.
enum TransportFault: Error, CustomStringConvertible {
    case connectionRefused

    var description: String { "connection refused (injected fault)" }
}
