import Crypto
import CryptoExtras
import FlowrunFoundation
import Foundation
import JWTKit
import NativeAuthTenant
import X509

/// A token signing key read from its PEM: an RSA key (2048 bits or more) signs RS256, a P-256 key ES256. Knows
/// its `kid` and its public JWK (for an RSA key with a self-signed certificate, as Entra's JWKS has).
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
        let thumbprint = Array(SHA256.hash(data: Array(thumbprintInput.utf8)))
        let kid = Base64URL.encode(thumbprint)
        let certificate = try Self.selfSignedCertificate(key, serial: Array(thumbprint.prefix(15)))
        algorithm = .rs256
        self.kid = kid
        jwk = [
            "kty": "RSA", "use": "sig", "alg": "RS256", "kid": .string(kid), "n": .string(modulus),
            "e": .string(exponent),
            "x5t": .string(Base64URL.encode(Array(Crypto.Insecure.SHA1.hash(data: certificate)))),
            "x5c": [.string(Data(certificate).base64EncodedString())],
        ]
        material = .rsa(try JWTKit.Insecure.RSA.PrivateKey(backing: key))
    }

    /// The DER of a self-signed certificate of `key`, as Entra publishes one per key (`x5c`, and its SHA-1
    /// thumbprint as `x5t`). The same key always gives the same certificate: fixed names and validity
    /// (2020–2119), the serial number from the key's thumbprint, and a deterministic signature.
    private static func selfSignedCertificate(_ key: _RSA.Signing.PrivateKey, serial: [UInt8]) throws -> [UInt8] {
        let name = try DistinguishedName { CommonName("flowrun token signing") }
        let certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(bytes: [0x01] + serial),
            publicKey: Certificate.PublicKey(key.publicKey),
            notValidBefore: Date(timeIntervalSince1970: 1_577_836_800),
            notValidAfter: Date(timeIntervalSince1970: 4_733_510_400), issuer: name, subject: name,
            signatureAlgorithm: .sha256WithRSAEncryption, extensions: Certificate.Extensions(),
            issuerPrivateKey: Certificate.PrivateKey(key))
        return try certificate.serializeAsPEM().derBytes
    }

    /// The algorithm a key in PEM signs with, or nil for a PEM that is no signing key.
    static func algorithm(ofPEM pem: String) -> TokenSigningAlgorithm? {
        if (try? P256.Signing.PrivateKey(pemRepresentation: pem)) != nil { return .es256 }
        if (try? _RSA.Signing.PrivateKey(pemRepresentation: pem)) != nil { return .rs256 }
        return nil
    }

    /// The PEM of a new key for `algorithm` (an RSA key has 2048 bits).
    static func generatePEM(_ algorithm: TokenSigningAlgorithm) throws -> String {
        switch algorithm {
        case .rs256: return try _RSA.Signing.PrivateKey(keySize: .bits2048).pemRepresentation
        case .es256: return P256.Signing.PrivateKey().pemRepresentation
        }
    }

    /// Adds the key to `keys` under its `kid`, to sign with; its tokens are written by ``TokenJSONEncoder``.
    func add(to keys: JWTKeyCollection) async {
        let serializer = DefaultJWTSerializer(jsonEncoder: TokenJSONEncoder())
        let kid = JWKIdentifier(string: kid)
        switch material {
        case .rsa(let key): await keys.add(rsa: key, digestAlgorithm: .sha256, kid: kid, serializer: serializer)
        case .ec(let key): await keys.add(ecdsa: key, kid: kid, serializer: serializer)
        }
    }
}
