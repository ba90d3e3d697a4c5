import FlowrunFoundation
import Foundation
import JWTKit
import NativeAuthWire

/// The claims of a token, as jwt-kit signs them (the emulator only signs; relying parties verify).
struct TokenClaims: JWTPayload {
    var claims: [String: Value]

    init(claims: [String: Value]) {
        self.claims = claims
    }

    init(from decoder: any Decoder) throws {
        claims = try [String: Value](from: decoder)
    }

    func encode(to encoder: any Encoder) throws {
        try claims.encode(to: encoder)
    }

    func verify(using algorithm: some JWTAlgorithm) async throws {}
}

/// The JSON encoder jwt-kit signs the emulator's tokens with: a token's claims and a header of strings are
/// written by `JSONWriter` (keys sorted, slashes as they are), without Foundation's per-call set-up, since every
/// sign-in signs two tokens; anything else as jwt-kit's own encoder writes it.
struct TokenJSONEncoder: JWTJSONEncoder {
    private let foundation: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        return encoder
    }()

    func encode<T: Encodable>(_ value: T) throws -> Data {
        if let claims = value as? TokenClaims, let bytes = JSONWriter.encode(.object(claims.claims)) {
            return Data(bytes)
        }
        if let header = value as? JWTHeader, let fields = Self.strings(header),
            let bytes = JSONWriter.encode(.object(fields))
        {
            return Data(bytes)
        }
        return try foundation.encode(value)
    }

    /// The header's fields when each is a string (`alg`, `kid`, `typ`), else nil.
    private static func strings(_ header: JWTHeader) -> [String: Value]? {
        var fields: [String: Value] = [:]
        for (name, field) in header.fields {
            guard case .string(let text) = field else { return nil }
            fields[name] = .string(text)
        }
        return fields
    }
}
