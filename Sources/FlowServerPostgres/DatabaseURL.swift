import Foundation

/// Where `flowrun serve` keeps its state: `sqlite:DIR` (a state folder, the default) or
/// `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE` (also `postgresql://`), with `?host=/socket/dir` for a
/// unix socket, `?sslmode=` (``PostgresSSLMode``) and `?sslrootcert=FILE` (a certificate authority in PEM) as libpq
/// reads them.
public enum DatabaseURL: Sendable, Hashable, CustomStringConvertible {
    case sqlite(directory: String)
    case postgres(PostgresAddress)

    /// Parses `text`; the error says what is wrong without repeating a password.
    public init(_ text: String) throws {
        if text.hasPrefix("sqlite:") {
            let directory = String(text.dropFirst("sqlite:".count))
            guard !directory.isEmpty else {
                throw DatabaseURLError("`sqlite:` needs a state folder after the colon, as in `sqlite:.flowrun`")
            }
            self = .sqlite(directory: directory)
            return
        }
        guard text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") else {
            throw DatabaseURLError(
                "a database is `sqlite:DIR` or `postgres://USER@HOST[:PORT]/DATABASE`, not `\(Self.redacted(text))`")
        }
        guard let components = URLComponents(string: text) else {
            throw DatabaseURLError("`\(Self.redacted(text))` is not a URL")
        }
        self = .postgres(try PostgresAddress(components))
    }

    /// The URL with any password replaced by `***`.
    public var description: String {
        switch self {
        case .sqlite(let directory): return "sqlite:\(directory)"
        case .postgres(let address): return address.description
        }
    }

    /// `text` with the password part of its authority (between `:` and `@`) hidden.
    static func redacted(_ text: String) -> String {
        guard let at = text.range(of: "@"), let scheme = text.range(of: "://"), scheme.upperBound < at.lowerBound
        else { return text }
        let userinfo = text[scheme.upperBound..<at.lowerBound]
        guard let colon = userinfo.firstIndex(of: ":") else { return text }
        return String(text[..<colon]) + ":***" + String(text[at.lowerBound...])
    }
}

/// A PostgreSQL server and database, as a `postgres://` URL names them.
public struct PostgresAddress: Sendable, Hashable, CustomStringConvertible {
    /// A host name or address; nil with a unix socket.
    public var host: String?
    public var port: Int
    /// The directory of the server's unix socket (`?host=/dir`), when it is reached that way.
    public var socketDirectory: String?
    public var username: String
    public var password: String?
    public var database: String
    /// Whether and how the connection is encrypted (`?sslmode=`; `prefer` by default, as with libpq).
    public var sslMode: PostgresSSLMode = .prefer
    /// The certificate authorities (a PEM file) that sign the server's certificate (`?sslrootcert=`); nil: the
    /// system's.
    public var sslRootCertificate: String?

    init(_ components: URLComponents) throws {
        let query = components.queryItems ?? []
        let socketHost = query.first { $0.name == "host" }?.value
        if let socketHost, socketHost.hasPrefix("/") {
            socketDirectory = socketHost
            host = nil
        } else {
            host = components.host.flatMap { $0.isEmpty ? nil : $0 } ?? socketHost ?? "localhost"
        }
        port = components.port ?? 5432
        guard (1...65535).contains(port) else { throw DatabaseURLError("port \(port) is out of range") }
        guard let user = components.user, !user.isEmpty else {
            throw DatabaseURLError("a postgres:// URL needs a user name, as in postgres://flowrun@localhost/flowrun")
        }
        username = user.removingPercentEncoding ?? user
        password = components.password.map { $0.removingPercentEncoding ?? $0 }
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        guard !path.isEmpty, !path.contains("/") else {
            throw DatabaseURLError("a postgres:// URL names one database after the host, as in …@localhost/flowrun")
        }
        database = path.removingPercentEncoding ?? path
        for item in query {
            switch item.name {
            case "host": continue
            case "sslmode":
                guard let mode = item.value.flatMap(PostgresSSLMode.init(rawValue:)) else {
                    throw DatabaseURLError(
                        "`sslmode=\(item.value ?? "")` is not a mode flowrun knows; use one of \(PostgresSSLMode.accepted)"
                    )
                }
                sslMode = mode
            case "sslrootcert":
                guard let file = item.value, !file.isEmpty else {
                    throw DatabaseURLError("`sslrootcert` names a file of certificate authorities (PEM)")
                }
                sslRootCertificate = file
            default:
                throw DatabaseURLError(
                    "unknown parameter `\(item.name)` in the database URL (known: host, sslmode, sslrootcert)")
            }
        }
        if sslMode == .disable, sslRootCertificate != nil {
            throw DatabaseURLError("`sslrootcert` has no use with `sslmode=disable`")
        }
    }

    /// `postgres://user[:***]@host:port/database`, with the parameters that are not the defaults.
    public var description: String {
        let secret = password == nil ? "" : ":***"
        var parameters: [String] = []
        if let socketDirectory { parameters.append("host=\(socketDirectory)") }
        if sslMode != .prefer { parameters.append("sslmode=\(sslMode.rawValue)") }
        if let sslRootCertificate { parameters.append("sslrootcert=\(sslRootCertificate)") }
        let query = parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&")
        let server = socketDirectory == nil ? host ?? "localhost" : "localhost"
        return "postgres://\(username)\(secret)@\(server):\(port)/\(database)\(query)"
    }
}

/// A database URL that cannot be used.
public struct DatabaseURLError: Error, Sendable, CustomStringConvertible {
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}
