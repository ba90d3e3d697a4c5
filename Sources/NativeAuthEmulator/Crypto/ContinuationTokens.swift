import Crypto
import FlowrunFoundation
import Foundation
import NativeAuthWire

/// What a continuation token says about itself: its tenant, flow, the endpoints it may be presented to, the
/// username, its id (a row in `continuations`) and its expiry (seconds since 1970).
struct ContinuationPayload: Codable, Sendable, Hashable {
    /// The tenant id it was issued by: another tenant refuses it even when it shares the key.
    var tenant: String
    var flow: String
    var steps: [String]
    var username: String
    var id: String
    var expires: Int
}

extension ContinuationPayload {
    /// The payload read from its JSON object (as `ContinuationTokens.json` writes it, with the keys in any
    /// order); nil when a key is missing or of another type, or the text is outside `JSONObjectReader`'s subset.
    init?(json bytes: some Collection<UInt8>) {
        guard let object = JSONObjectReader.read(bytes),
            let tenant = object["tenant"]?.stringValue, let flow = object["flow"]?.stringValue,
            case .list(let stepValues)? = object["steps"], let username = object["username"]?.stringValue,
            let id = object["id"]?.stringValue, case .integer(let expires)? = object["expires"]
        else { return nil }
        var steps: [String] = []
        steps.reserveCapacity(stepValues.count)
        for value in stepValues {
            guard let step = value.stringValue else { return nil }
            steps.append(step)
        }
        self.init(tenant: tenant, flow: flow, steps: steps, username: username, id: id, expires: expires)
    }
}

/// Continuation tokens: `base64url(payload).base64url(HMAC-SHA256(payload))` under a 32-byte key from the store.
struct ContinuationTokens: Sendable {
    /// An HMAC already keyed: each MAC starts from a copy of it instead of hashing the key's two padded blocks.
    private let keyed: HMAC<SHA256>

    init(secret: Data) {
        self.keyed = HMAC<SHA256>(key: SymmetricKey(data: secret))
    }

    private func authenticationCode(for bytes: some DataProtocol) -> HMAC<SHA256>.MAC {
        var mac = keyed
        mac.update(data: bytes)
        return mac.finalize()
    }

    func seal(_ payload: ContinuationPayload) throws -> String {
        let data = Self.json(payload)
        let mac = authenticationCode(for: data)
        return Base64URL.encode(data) + "." + Base64URL.encode(Data(mac))
    }

    /// The payload as JSON with sorted keys (what `JSONEncoder` with `.sortedKeys` writes, without its cost).
    static func json(_ payload: ContinuationPayload) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(192)
        output.append(contentsOf: #"{"expires":"#.utf8)
        output.append(contentsOf: String(payload.expires).utf8)
        output.append(contentsOf: #","flow":"#.utf8)
        JSONWriter.writeString(payload.flow, into: &output)
        output.append(contentsOf: #","id":"#.utf8)
        JSONWriter.writeString(payload.id, into: &output)
        output.append(contentsOf: #","steps":["#.utf8)
        for (index, step) in payload.steps.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            JSONWriter.writeString(step, into: &output)
        }
        output.append(contentsOf: #"],"tenant":"#.utf8)
        JSONWriter.writeString(payload.tenant, into: &output)
        output.append(contentsOf: #","username":"#.utf8)
        JSONWriter.writeString(payload.username, into: &output)
        output.append(UInt8(ascii: "}"))
        return output
    }

    /// How a code is stored when codes are not kept readable: `hmac$` and the hex HMAC-SHA256 of the code row's
    /// id and the code under this key (a code alone is too short to hash without a key).
    func codeDigest(_ code: String, id: String) -> String {
        let mac = authenticationCode(for: Array((id + ":" + code).utf8))
        return "hmac$" + mac.map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }.joined()
    }

    /// The payload of a well-formed token with a valid MAC; nil for anything else.
    func open(_ token: String) -> ContinuationPayload? {
        guard token.utf8.count <= 8192 else { return nil }
        let parts = token.pieces(separatedBy: ".")
        guard parts.count == 2, let data = Base64URL.decode(parts[0]), let mac = Base64URL.decode(parts[1])
        else { return nil }
        let expected = authenticationCode(for: data)
        guard ConstantTime.equal(Array(expected), Array(mac)) else { return nil }
        // The usual payload is read directly; anything unusual (a `\u` escape) is left to JSONDecoder.
        return ContinuationPayload(json: data) ?? (try? JSONDecoder().decode(ContinuationPayload.self, from: data))
    }
}
