import NIOSSL

/// The certificate chain and private key `flowrun serve` answers HTTPS with (`--tls-cert`, `--tls-key`), since
/// phones and browsers outside localhost need HTTPS. TLS 1.2 is the least version accepted (1.3 is chosen when the
/// client has it), and every answer tells browsers to keep to HTTPS (`Strict-Transport-Security`).
public struct ServerTLS: Sendable {
    /// The default ``strictTransportSecurityMaxAge``: one year.
    public static let defaultStrictTransportSecurityMaxAge = 31_536_000

    let configuration: TLSConfiguration
    /// How long, in seconds, browsers keep to HTTPS for this host after an answer (0 makes them forget it).
    public let strictTransportSecurityMaxAge: Int

    /// The `Strict-Transport-Security` value every HTTPS answer carries.
    var strictTransportSecurity: String { "max-age=\(strictTransportSecurityMaxAge)" }

    /// Reads a PEM certificate chain (the server's certificate first) and its PEM private key.
    public static func load(
        certificate: String, key: String,
        strictTransportSecurityMaxAge: Int = ServerTLS.defaultStrictTransportSecurityMaxAge
    ) throws -> ServerTLS {
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
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(privateKey))
        configuration.minimumTLSVersion = .tlsv12
        configuration.maximumTLSVersion = .tlsv13
        return ServerTLS(
            configuration: configuration, strictTransportSecurityMaxAge: max(strictTransportSecurityMaxAge, 0))
    }
}

/// Why the TLS files could not be used.
public struct ServerTLSError: Error, Sendable, CustomStringConvertible {
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}
