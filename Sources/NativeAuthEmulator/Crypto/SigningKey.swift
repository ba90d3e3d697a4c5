import Crypto
import CryptoExtras
import FlowrunFoundation
import Foundation
import JWTKit
import NativeAuthTenant

/// A token signing key read from its PEM: an RSA key (2048 bits or more) signs RS256, a P-256 key ES256. Knows
/// its `kid` and its public JWK.
struct SigningKey: Sendable {
    private enum Material: Sendable {
        case rsa(JWTKit.Insecure.RSA.PrivateKey)
        case ec(ES256PrivateKey)
    }

    let algorithm: TokenSigningAlgorithm
    /// The key id tokens name in their header: the JWK thumbprint (RFC 7638) of an RSA key; for a P-256 key
    /// the id 0.1.0 gave it, so that its tokens keep verifying.
    let kid: String
    /// The public key as a JWK.
    let jwk: [String: Value]
    private let material: Material

    init(pem: String) throws {
        if let key = try? P256.Signing.PrivateKey(pemRepresentation: pem) {
            let raw = Array(key.publicKey.rawRepresentation)
            let kid = String(Base64URL.encode(Array(SHA256.hash(data: raw))).prefix(16))
            algorithm = .es256
            self.kid = kid
            jwk = [
                "kty": "EC", "crv": "P-256", "use": "sig", "alg": "ES256", "kid": .string(kid),
                "x": .string(Base64URL.encode(raw.prefix(32))), "y": .string(Base64URL.encode(raw.suffix(32))),
            ]
            material = .ec(try ES256PrivateKey(backing: key))
            return
        }
        let key = try _RSA.Signing.PrivateKey(pemRepresentation: pem)
        let primitives = try key.publicKey.getKeyPrimitives()
        let modulus = Base64URL.encode(primitives.modulus.drop { $0 == 0 })
        let exponent = Base64URL.encode(primitives.publicExponent.drop { $0 == 0 })
        let thumbprintInput = #"{"e":"\#(exponent)","kty":"RSA","n":"\#(modulus)"}"#
        let kid = Base64URL.encode(Array(SHA256.hash(data: Array(thumbprintInput.utf8))))
        algorithm = .rs256
        self.kid = kid
        jwk = [
            "kty": "RSA", "use": "sig", "alg": "RS256", "kid": .string(kid), "n": .string(modulus),
            "e": .string(exponent),
        ]
        material = .rsa(try JWTKit.Insecure.RSA.PrivateKey(backing: key))
    }

    /// The PEM of a new key for `algorithm` (an RSA key has 2048 bits).
    static func generatePEM(_ algorithm: TokenSigningAlgorithm) throws -> String {
        switch algorithm {
        case .rs256: return try _RSA.Signing.PrivateKey(keySize: .bits2048).pemRepresentation
        case .es256: return P256.Signing.PrivateKey().pemRepresentation
        }
    }

    /// Adds the key to `keys` under its `kid`, to sign with.
    func add(to keys: JWTKeyCollection) async {
        switch material {
        case .rsa(let key): await keys.add(rsa: key, digestAlgorithm: .sha256, kid: JWKIdentifier(string: kid))
        case .ec(let key): await keys.add(ecdsa: key, kid: JWKIdentifier(string: kid))
        }
    }
}
