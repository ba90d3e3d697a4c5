import Foundation
import Testing

/// `flowrun.yaml` pointing at a running `flowrun serve`, the command line overriding it, and the transport's
/// debug lines.
@Suite(.serialized) struct ServeProjectFileTests {
    @Test func projectFileAuthorityOverridesAndLogs() throws {
        let serverFolder = try FlowFolder()
        try serverFolder.write("authority.yaml", Tenant.standard)
        let server = try ServeProcess(stateDir: serverFolder.url.appendingPathComponent("state"), in: serverFolder.url)
        let folder = try FlowFolder()
        try folder.write("flowrun.yaml", "authority: \(server.url.absoluteString)\nstateDir: state-b\n")
        let email = "file@example.com"
        func run(_ flow: String, _ inputs: [String], _ options: [String] = [], environment: [String: String]? = nil)
            throws -> FlowRun
        {
            var arguments = ["run", FlowLibrary.flow(flow), "--json"]
            for input in inputs { arguments += ["--input", input] }
            var environment = environment ?? Flowrun.cleanEnvironment()
            environment["FLOWRUN_STATE_DIR"] = nil
            return FlowRun(try folder.run(arguments + options, environment: environment), json: true)
        }

        try run("sign-up-password", ["email=\(email)", "password=\(Planted.password)", "code=@outbox"]).expectSuccess()
        var debug = Flowrun.cleanEnvironment()
        debug["FLOWRUN_LOG_LEVEL"] = "debug"
        let signedIn = try run(
            "sign-in-password", ["email=\(email)", "password=\(Planted.password)"], environment: debug)
        signedIn.expectSuccess("Signed in as \(email)")
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("state-b/account.json").path))
        #expect(
            !FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("state-b/authority.sqlite").path))
        for path in ["/oauth2/v2.0/initiate", "/oauth2/v2.0/challenge", "/oauth2/v2.0/token"] {
            #expect(signedIn.stderr.contains(path), signedIn.transcript)
        }
        #expect(signedIn.stderr.contains("correlationId="), signedIn.transcript)
        #expect(!signedIn.stderr.contains(Planted.password), "the password was logged")
        let tokens = ["accessToken", "idToken", "refreshToken"].compactMap {
            (try? JSON.parse(Data(contentsOf: folder.url.appendingPathComponent("state-b/account.json"))))?[$0]?.string
        }
        #expect(tokens.count == 3)
        for token in tokens { #expect(!signedIn.stderr.contains(token), "a token was logged") }

        // The same user does not exist in the embedded authority.
        let embedded = try run(
            "sign-in-password", ["email=\(email)", "password=\(Planted.password)"],
            ["--authority", "embedded", "--state-dir", "state-a"])
        #expect(embedded.status == 1, embedded.transcript)
        #expect(embedded.outcomes == ["signIn.start → userNotFound"], embedded.transcript)

        let (status, exited) = server.stop()
        #expect(exited && status == 0, "flowrun serve after SIGTERM: \(status)\n\(server.transcript)")
    }
}
