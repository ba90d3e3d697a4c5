import Foundation
import Testing

/// `flowrun serve --database`: a URL it cannot read is a usage error (exit 2); a PostgreSQL server it cannot
/// reach stops it with exit 1; neither message repeats the password.
@Suite("serve --database")
struct ServeDatabaseTests {
    @Test(
        "a database URL that cannot be read is refused with exit 2",
        arguments: [
            (["--database", "mysql://ann:hunter2@localhost/db"], "--database: a database is `sqlite:DIR` or"),
            (["--database", "postgres://localhost/db"], "needs a user name"),
        ])
    func unreadableURL(arguments: [String], expected: String) throws {
        let folder = try FlowFolder()
        let result = try folder.run(["serve", "--port", "0"] + arguments, environment: Flowrun.cleanEnvironment())
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains(expected), "\(result.stderr)")
        #expect(!result.stderr.contains("hunter2"))
    }

    @Test("FLOWRUN_DATABASE_URL and flowrun.yaml's `database` are read when --database is not given")
    func urlFromEnvironmentAndProjectFile() throws {
        let folder = try FlowFolder()
        let fromEnvironment = try folder.run(
            ["serve", "--port", "0"],
            environment: Flowrun.cleanEnvironment().merging(["FLOWRUN_DATABASE_URL": "redis://localhost"]) { $1 })
        #expect(fromEnvironment.status == 2 && fromEnvironment.stderr.contains("`redis://localhost`"))
        try folder.write("flowrun.yaml", "database: ftp://localhost\n")
        let fromFile = try folder.run(["serve", "--port", "0"], environment: Flowrun.cleanEnvironment())
        #expect(fromFile.status == 2 && fromFile.stderr.contains("`ftp://localhost`"), "\(fromFile.stderr)")
    }

    @Test("a PostgreSQL server that cannot be reached stops serve with exit 1, naming it and why, not the password")
    func unreachableServer() throws {
        let folder = try FlowFolder()
        let result = try folder.run(
            ["serve", "--port", "0", "--database", "postgres://ann:hunter2@127.0.0.1:1/flowrun"],
            environment: Flowrun.cleanEnvironment())
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("cannot use the database"), "\(result.stderr)")
        #expect(result.stderr.contains("postgres://ann:***@127.0.0.1:1/flowrun"), "\(result.stderr)")
        #expect(result.stderr.lowercased().contains("connection refused"), "says why: \(result.stderr)")
        #expect(!result.stderr.contains("hunter2"))
    }
}
