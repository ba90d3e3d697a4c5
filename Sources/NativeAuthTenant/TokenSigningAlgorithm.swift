/// How the authority signs ID and access tokens.
public enum TokenSigningAlgorithm: String, Sendable, Codable, Hashable, CaseIterable {
    /// RSASSA-PKCS1-v1_5 with SHA-256 under an RSA 2048 key, as Entra signs its tokens.
    case rs256 = "RS256"
    /// ECDSA P-256 with SHA-256.
    case es256 = "ES256"

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let algorithm = TokenSigningAlgorithm(rawValue: text) else {
            let expected = TokenSigningAlgorithm.allCases.map(\.rawValue).joined(separator: ", ")
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "'\(text)' is not a token signing algorithm (expected one of: \(expected))")
        }
        self = algorithm
    }
}
