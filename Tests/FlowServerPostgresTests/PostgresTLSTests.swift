import FlowServerPostgres
import Foundation
import Logging
import NativeAuthEmulator
import Testing

/// `sslmode` against a real server (``ScratchPostgres`` with a self-signed certificate): the connections of
/// `require` and `verify-full` are encrypted (the server's `pg_stat_ssl` says so), `verify-full` refuses a server
/// whose certificate no trusted authority signed, and a server that takes TLS only refuses `disable`.
@Suite("PostgreSQL over TLS", .serialized, .enabled(if: ScratchPostgres.required))
struct PostgresTLSTests {
    static let logger = Logger(label: "flowrun.tests.postgres-tls")

    private static func address(_ url: String) throws -> PostgresAddress {
        guard case .postgres(let address) = try DatabaseURL(url) else {
            throw ScratchPostgres.Failure(description: "\(url) is not a postgres URL")
        }
        return address
    }

    /// How many TCP connections of the server are encrypted, and how many are not.
    private static func tcpConnections(_ scratch: ScratchPostgres) throws -> (encrypted: Int, plain: Int) {
        let answer = try scratch.query(
            "SELECT count(*) FILTER (WHERE s.ssl), count(*) FILTER (WHERE NOT s.ssl) FROM pg_stat_ssl s "
                + "JOIN pg_stat_activity a USING (pid) WHERE a.client_addr IS NOT NULL")
        let counts = answer.split(separator: "|").compactMap { Int($0) }
        guard counts.count == 2 else { throw ScratchPostgres.Failure(description: "pg_stat_ssl answered \(answer)") }
        return (counts[0], counts[1])
    }

    @Test("require, verify-full (the certificate as authority, host localhost) and the default connect encrypted")
    func encryptedConnections() async throws {
        try await ScratchPostgres.with(tls: .only) { scratch in
            let urls = [
                "postgres://flowrun@127.0.0.1:\(scratch.port)/flowrun?sslmode=require",
                "postgres://flowrun@localhost:\(scratch.port)/flowrun?sslmode=verify-full&sslrootcert="
                    + scratch.certificate,
                "postgres://flowrun@127.0.0.1:\(scratch.port)/flowrun",
            ]
            for url in urls {
                let database = try await SharedDatabase(
                    address: try Self.address(url), connections: 1, logger: Self.logger)
                let connections = try Self.tcpConnections(scratch)
                #expect(connections.encrypted >= 1 && connections.plain == 0, "\(url): \(connections)")
                await database.close()
            }
        }
    }

    @Test("a server that takes TLS only refuses sslmode=disable")
    func plainTextRefusedByTheServer() async throws {
        try await ScratchPostgres.with(tls: .only) { scratch in
            let url = "postgres://flowrun@127.0.0.1:\(scratch.port)/flowrun?sslmode=disable"
            await #expect(throws: StoreUnavailable.self) {
                let database = try await SharedDatabase(
                    address: try Self.address(url), connections: 1, logger: Self.logger)
                await database.close()
            }
            let log = try String(contentsOfFile: "\(scratch.folder)/server.log", encoding: .utf8)
            #expect(log.contains("no encryption"), "\(log.suffix(1_000))")
        }
    }

    @Test("verify-full refuses a certificate no trusted authority signed")
    func untrustedCertificateRefused() async throws {
        try await ScratchPostgres.with(tls: .offered) { scratch in
            let url = "postgres://flowrun@localhost:\(scratch.port)/flowrun?sslmode=verify-full"
            await #expect(throws: StoreUnavailable.self) {
                let database = try await SharedDatabase(
                    address: try Self.address(url), connections: 1, logger: Self.logger)
                await database.close()
            }
            let connections = try Self.tcpConnections(scratch)
            #expect(connections.encrypted == 0, "\(connections)")
        }
    }

    @Test("an sslrootcert file that cannot be read stops the start with the reason, before any connection")
    func unreadableAuthorityFile() async throws {
        let url = "postgres://flowrun@localhost:1/flowrun?sslmode=verify-full&sslrootcert=/nonexistent/ca.pem"
        do {
            let database = try await SharedDatabase(address: try Self.address(url), logger: Self.logger)
            await database.close()
            Issue.record("a missing certificate file was accepted")
        } catch {
            #expect(error is DatabaseURLError, "\(error)")
            #expect("\(error)".contains("cannot use `sslrootcert=/nonexistent/ca.pem`"), "\(error)")
        }
    }
}
