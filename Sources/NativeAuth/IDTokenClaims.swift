import FlowEngine
import FlowrunFoundation
import Foundation
import NativeAuthWire

/// Reading the parts of a token answer the client needs, without verifying signatures (as the SDKs do):
/// the ID token's claims and `client_info`.
enum IDTokenClaims {
    /// The claims of a JWT's payload (its second dot-separated part, base64url JSON); `nil` when the token
    /// is not a JWT with a JSON object payload.
    static func claims(ofJWT token: String) -> [String: Value]? {
        let parts = token.pieces(separatedBy: ".")
        guard parts.count >= 2, let payload = Base64URL.decodeLeniently(parts[1]) else { return nil }
        return jsonObject(payload)
    }

    /// A JSON object: the usual one read directly, anything unusual left to `JSONDecoder`.
    private static func jsonObject(_ data: Data) -> [String: Value]? {
        JSONObjectReader.read(data) ?? (try? JSONDecoder().decode([String: Value].self, from: data))
    }

    /// `client_info`: base64url of `{"uid": …, "utid": …}`; `nil` when it is not that.
    static func clientInfo(_ encoded: String) -> (uid: String, utid: String)? {
        guard let data = Base64URL.decodeLeniently(Substring(encoded)),
            let object = jsonObject(data),
            let uid = object["uid"]?.stringValue, let utid = object["utid"]?.stringValue
        else { return nil }
        return (uid, utid)
    }
}
