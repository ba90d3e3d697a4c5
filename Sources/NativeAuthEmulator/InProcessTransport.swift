import FlowrunFoundation
import Foundation
import NativeAuthWire

/// Carries requests straight to an embedded ``NativeAuthEmulator``, without HTTP. Assigns a
/// `client-request-id` when the request has none; the answer echoes it.
public struct InProcessTransport: Transport {
    public let emulator: NativeAuthEmulator

    public init(emulator: NativeAuthEmulator) {
        self.emulator = emulator
    }

    public func send(_ request: WireRequest) async throws -> WireResponse {
        var request = request
        if !request.headers.keys.contains(where: { $0.lowercased() == "client-request-id" }) {
            request.headers["client-request-id"] = RandomUUID.lowercased()
        }
        return await emulator.handle(request)
    }
}
