import Crypto
import Foundation

/// What a continuation token says about itself: its flow, the endpoints it may be presented to, the username,
/// its id (a row in `continuations`) and its expiry (seconds since 1970).
struct ContinuationPayload: Codable, Sendable, Hashable {
    var flow: String
    var steps: [String]
    var username: String
    var id: String
    var expires: Int
}

/// Continuation tokens: `base64url(payload).base64url(HMAC-SHA256(payload))` under a 32-byte key from the store.
struct ContinuationTokens: Sendable {
    private let key: SymmetricKey

    init(secret: Data) {
        self.key = SymmetricKey(data: secret)
    }

    func seal(_ payload: ContinuationPayload) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(payload)
        let mac = HMAC<SHA256>.authenticationCode(for: data, using: key)
        return Base64URL.encode(data) + "." + Base64URL.encode(Data(mac))
    }

    /// The payload of a well-formed token with a valid MAC; nil for anything else.
    func open(_ token: String) -> ContinuationPayload? {
        guard token.utf8.count <= 8192 else { return nil }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let data = Base64URL.decode(String(parts[0])),
            let mac = Base64URL.decode(String(parts[1]))
        else { return nil }
        let expected = HMAC<SHA256>.authenticationCode(for: data, using: key)
        guard ConstantTime.equal(Array(expected), Array(mac)) else { return nil }
        return try? JSONDecoder().decode(ContinuationPayload.self, from: data)
    }
}
