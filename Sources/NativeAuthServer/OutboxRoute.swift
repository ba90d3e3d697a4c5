import FlowrunFoundation
import Foundation
import NativeAuthEmulator
import NativeAuthWire

/// `GET /outbox?to=EMAIL&limit=N`: the codes the emulator "sent", newest first, as
/// `[{to, code, purpose, sentAt, expiresAt}]` (dates in ISO 8601). Served only with the dev outbox on.
enum OutboxRoute {
    /// The default and largest `limit`.
    static let defaultLimit = 20
    static let maximumLimit = 1000

    static func answer(query: String?, emulator: NativeAuthEmulator, requestID: String) async -> Reply {
        let fields: [String: String]
        switch FormBody.decodePairs(query ?? "").map({
            FormRequest.fields($0, accepted: ["to", "limit"], tolerated: [], endpoint: "/outbox").map(\.parameters)
        }) {
        case .none: return ServerError.malformedQuery.reply(requestID: requestID)
        case .some(.failure(let error)): return error.reply(requestID: requestID)
        case .some(.success(let decoded)): fields = decoded
        }
        var limit = defaultLimit
        if let text = fields["limit"] {
            guard let number = Int(text), (1...maximumLimit).contains(number) else {
                return ServerError.invalidQueryParameter("limit").reply(requestID: requestID)
            }
            limit = number
        }
        let recipient = fields["to"]?.trimmingCharacters(in: .whitespaces)
        do {
            let messages = try await emulator.outbox(to: recipient?.isEmpty == false ? recipient : nil, limit: limit)
            return .ok(.list(messages.map(value(of:))), requestID: requestID)
        } catch is StoreUnavailable {
            return ServerError.storeUnavailable.reply(requestID: requestID)
        } catch {
            return ServerError.serverError.reply(requestID: requestID)
        }
    }

    static func value(of message: OutboxMessage) -> Value {
        .object([
            "to": .string(message.to), "code": .string(message.code), "purpose": .string(message.purpose.rawValue),
            "sentAt": .string(message.sentAt.formatted(.iso8601)),
            "expiresAt": .string(message.expiresAt.formatted(.iso8601)),
        ])
    }
}
