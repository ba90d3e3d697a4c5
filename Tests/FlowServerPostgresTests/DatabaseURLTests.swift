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
            ("postgres://ann:pw@localhost/db?sslmode=require", "unknown parameter `sslmode`"),
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
