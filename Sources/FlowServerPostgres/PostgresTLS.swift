import NIOSSL
import PostgresNIO

extension PostgresAddress {
    /// The TLS of the pool's connections over TCP in ``sslMode``: `disable` is plain text, `prefer` TLS when the
    /// server offers it, the others TLS or no connection, checking the certificate as the mode says against
    /// ``sslRootCertificate`` (else the system's authorities). A certificate file that cannot be read is a
    /// ``DatabaseURLError``.
    func clientTLS() throws -> PostgresClient.Configuration.TLS {
        guard let configuration = try tlsConfiguration() else { return .disable }
        return sslMode == .prefer ? .prefer(configuration) : .require(configuration)
    }

    /// The same TLS for a connection of its own (the reachability probe of ``PooledPostgres``).
    func connectionTLS() throws -> PostgresConnection.Configuration.TLS {
        guard let configuration = try tlsConfiguration() else { return .disable }
        let context = try Self.context(configuration, certificate: sslRootCertificate)
        return sslMode == .prefer ? .prefer(context) : .require(context)
    }

    /// The TLS configuration of ``sslMode``, nil for `disable`; checked by making a context of it once.
    private func tlsConfiguration() throws -> TLSConfiguration? {
        guard sslMode != .disable else { return nil }
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
        do {
            if let sslRootCertificate {
                configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(sslRootCertificate))
            }
        } catch {
            throw Self.unusable(sslRootCertificate, error)
        }
        _ = try Self.context(configuration, certificate: sslRootCertificate)
        return configuration
    }

    private static func context(_ configuration: TLSConfiguration, certificate: String?) throws -> NIOSSLContext {
        do {
            return try NIOSSLContext(configuration: configuration)
        } catch {
            throw unusable(certificate, error)
        }
    }

    private static func unusable(_ certificate: String?, _ error: any Error) -> DatabaseURLError {
        DatabaseURLError("cannot use `sslrootcert=\(certificate ?? "")` (certificate authorities in PEM): \(error)")
    }
}
