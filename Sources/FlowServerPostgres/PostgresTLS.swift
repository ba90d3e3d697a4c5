import NIOSSL
import PostgresNIO

extension PostgresAddress {
    /// The TLS of a connection over TCP in ``sslMode``: `disable` is plain text, `prefer` TLS when the server
    /// offers it, the others TLS or no connection, checking the certificate as the mode says against
    /// ``sslRootCertificate`` (else the system's authorities). A certificate file that cannot be read is a
    /// ``DatabaseURLError``.
    func connectionTLS() throws -> PostgresConnection.Configuration.TLS {
        guard sslMode != .disable else { return .disable }
        var configuration = TLSConfiguration.makeClientConfiguration()
        switch sslMode {
        case .disable, .prefer:
            configuration.certificateVerification = .none
        case .require:
            configuration.certificateVerification = sslRootCertificate == nil ? .none : .noHostnameVerification
        case .verifyCA:
            configuration.certificateVerification = .noHostnameVerification
        case .verifyFull:
            configuration.certificateVerification = .fullVerification
        }
        let context: NIOSSLContext
        do {
            if let sslRootCertificate {
                configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(sslRootCertificate))
            }
            context = try NIOSSLContext(configuration: configuration)
        } catch {
            throw DatabaseURLError(
                "cannot use `sslrootcert=\(sslRootCertificate ?? "")` (certificate authorities in PEM): \(error)")
        }
        return sslMode == .prefer ? .prefer(context) : .require(context)
    }
}
