import FlowServerPostgres
import Testing

@Suite("Database URLs")
struct DatabaseURLTests {
    @Test("postgres:// and postgresql:// URLs give the server, user, password and database")
    func postgresURL() throws {
        for scheme in ["postgres", "postgresql"] {
            guard case .postgres(let address) = try DatabaseURL("\(scheme)://ann:s%40cret@db.internal:6543/flows")
            else {
                Issue.record("\(scheme) is not read as PostgreSQL")
                continue
            }
            #expect(address.host == "db.internal")
            #expect(address.port == 6543)
            #expect(address.username == "ann")
            #expect(address.password == "s@cret")
            #expect(address.database == "flows")
            #expect(address.description == "postgres://ann:***@db.internal:6543/flows")
        }
    }

    @Test("without a port it is 5432; ?host=/dir is a unix socket folder")
    func defaultsAndSocket() throws {
        guard case .postgres(let plain) = try DatabaseURL("postgres://ann@localhost/flows") else {
            Issue.record("not postgres")
            return
        }
        #expect(plain.port == 5432 && plain.password == nil && plain.socketDirectory == nil)
        guard case .postgres(let socket) = try DatabaseURL("postgres://ann@localhost/flows?host=/run/postgresql")
        else {
            Issue.record("not postgres")
            return
        }
        #expect(socket.socketDirectory == "/run/postgresql")
        #expect(socket.host == nil)
    }

    @Test(
        "?sslmode= takes libpq's modes; without it the connection prefers TLS",
        arguments: [
            ("", PostgresSSLMode.prefer), ("?sslmode=disable", .disable), ("?sslmode=prefer", .prefer),
            ("?sslmode=require", .require), ("?sslmode=verify-ca", .verifyCA), ("?sslmode=verify-full", .verifyFull),
        ])
    func sslModes(query: String, mode: PostgresSSLMode) throws {
        guard case .postgres(let address) = try DatabaseURL("postgres://ann:pw@db.internal/flows\(query)") else {
            Issue.record("not postgres")
            return
        }
        #expect(address.sslMode == mode)
        #expect(address.sslRootCertificate == nil)
        #expect(address.description == "postgres://ann:***@db.internal:5432/flows\(mode == .prefer ? "" : query)")
    }

    @Test("?sslrootcert= names the certificate authorities, and the URL's description keeps both parameters")
    func sslRootCertificate() throws {
        let url = "postgres://ann@db.internal/flows?sslmode=verify-full&sslrootcert=/etc/ssl/db-ca.pem"
        guard case .postgres(let address) = try DatabaseURL(url) else {
            Issue.record("not postgres")
            return
        }
        #expect(address.sslMode == .verifyFull)
        #expect(address.sslRootCertificate == "/etc/ssl/db-ca.pem")
        #expect(
            address.description
                == "postgres://ann@db.internal:5432/flows?sslmode=verify-full&sslrootcert=/etc/ssl/db-ca.pem")
    }

    @Test("sqlite:DIR names a state folder")
    func sqliteURL() throws {
        #expect(try DatabaseURL("sqlite:.flowrun") == .sqlite(directory: ".flowrun"))
    }

    @Test(
        "a URL that cannot be used is refused, saying why, never repeating a password",
        arguments: [
            ("mysql://ann:pw@host/db", "not `mysql://ann:***@host/db`"),
            ("sqlite:", "needs a state folder"),
            ("postgres://localhost/db", "needs a user name"),
            ("postgres://ann:pw@localhost/", "names one database"),
            ("postgres://ann:pw@localhost/a/b", "names one database"),
            ("postgres://ann:pw@localhost:99999/db", "99999"),
            (
                "postgres://ann:pw@localhost/db?sslmode=allow",
                "use one of disable, prefer, require, verify-ca, verify-full"
            ),
            ("postgres://ann:pw@localhost/db?sslmode=", "`sslmode=` is not a mode flowrun knows"),
            ("postgres://ann:pw@localhost/db?sslmode=VERIFY-FULL", "`sslmode=VERIFY-FULL` is not a mode"),
            ("postgres://ann:pw@localhost/db?sslrootcert=", "names a file of certificate authorities"),
            ("postgres://ann:pw@localhost/db?sslmode=disable&sslrootcert=/ca.pem", "no use with `sslmode=disable`"),
            ("postgres://ann:pw@localhost/db?sslcert=/c.pem", "unknown parameter `sslcert`"),
        ])
    func refused(url: String, expected: String) {
        do {
            _ = try DatabaseURL(url)
            Issue.record("\(url) was accepted")
        } catch {
            #expect("\(error)".contains(expected), "\(error)")
            #expect(!"\(error)".contains(":pw@"), "\(error)")
        }
    }
}
