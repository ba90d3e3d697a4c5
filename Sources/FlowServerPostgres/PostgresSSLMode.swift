/// How a connection to PostgreSQL uses TLS: the `sslmode` of a `postgres://` URL, with libpq's meanings. Over a
/// unix socket (`?host=/dir`) TLS is not used, whatever the mode, as with libpq.
public enum PostgresSSLMode: String, Sendable, Hashable, CaseIterable {
    /// Plain text only.
    case disable
    /// TLS when the server offers it, else plain text; the certificate is not checked. libpq's default.
    case prefer
    /// TLS or no connection; the certificate is not checked (unless `sslrootcert` names a certificate authority:
    /// then it is checked as with `verify-ca`, as libpq does).
    case require
    /// TLS, with a certificate signed by a trusted authority, whatever host name it carries.
    case verifyCA = "verify-ca"
    /// TLS, with a certificate signed by a trusted authority for the host connected to.
    case verifyFull = "verify-full"

    /// The accepted values, for messages: `disable, prefer, require, verify-ca, verify-full`.
    static var accepted: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
