import NIOSSL

/// The certificate chain and private key `flowrun serve` answers HTTPS with (`--tls-cert`, `--tls-key`), since
/// phones and browsers outside localhost need HTTPS.
public struct ServerTLS: Sendable {
    let configuration: TLSConfiguration

    /// Reads a PEM certificate chain (the server's certificate first) and its PEM private key.
    public static func load(certificate: String, key: String) throws -> ServerTLS {
        let chain: [NIOSSLCertificate]
        do {
            chain = try NIOSSLCertificate.fromPEMFile(certificate)
        } catch {
            throw ServerTLSError("cannot read the certificate chain \(certificate): \(error)")
        }
        guard !chain.isEmpty else { throw ServerTLSError("\(certificate) holds no PEM certificate") }
        let privateKey: NIOSSLPrivateKey
        do {
            privateKey = try NIOSSLPrivateKey(file: key, format: .pem)
        } catch {
            throw ServerTLSError("cannot read the private key \(key): \(error)")
        }
        return ServerTLS(
            configuration: .makeServerConfiguration(
                certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(privateKey)))
    }
}

/// Why the TLS files could not be used.
public struct ServerTLSError: Error, Sendable, CustomStringConvertible {
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}
