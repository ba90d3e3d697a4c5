import FlowEngine
import FlowModel
import Foundation

/// Reading the parts of a token answer the client needs, without verifying signatures (as the SDKs do):
/// the ID token's claims and `client_info`.
enum IDTokenClaims {
    /// The claims of a JWT's payload (its second dot-separated part, base64url JSON); `nil` when the token
    /// is not a JWT with a JSON object payload.
    static func claims(ofJWT token: String) -> [String: Value]? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2, let payload = base64URLDecoded(parts[1]) else { return nil }
        return try? JSONDecoder().decode([String: Value].self, from: payload)
    }

    /// `client_info`: base64url of `{"uid": …, "utid": …}`; `nil` when it is not that.
    static func clientInfo(_ encoded: String) -> (uid: String, utid: String)? {
        guard let data = base64URLDecoded(Substring(encoded)),
            let object = try? JSONDecoder().decode([String: Value].self, from: data),
            let uid = object["uid"]?.stringValue, let utid = object["utid"]?.stringValue
        else { return nil }
        return (uid, utid)
    }

    /// Decodes base64url (also plain base64), with or without padding.
    static func base64URLDecoded(_ text: Substring) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        let remainder = base64.count % 4
        if remainder == 1 { return nil }
        if remainder > 0 { base64 += String(repeating: "=", count: 4 - remainder) }
        return Data(base64Encoded: base64)
    }

    /// Encodes bytes as base64url without padding.
    static func base64URLEncoded(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
