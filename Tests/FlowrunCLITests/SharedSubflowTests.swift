import Foundation
import Testing

/// A project of flows in sibling folders sharing one sub-flow (`Examples/shared-subflows`), through the real
/// binary: the project root of `flowrun.yaml`, constant params, `untested:` edges and the explorer.
@Suite struct SharedSubflowTests {
    /// A copy of the example project in a fresh folder.
    static func project() throws -> FlowFolder {
        let folder = try FlowFolder()
        let example = FlowLibrary.root.appendingPathComponent("Examples/shared-subflows")
        for path in ["flowrun.yaml", "shared/verify-code.yaml", "signup/sign-up.yaml", "reset/reset-password.yaml"] {
            try folder.write(path, String(contentsOf: example.appendingPathComponent(path), encoding: .utf8))
        }
        return folder
    }

    @Test("with `root: .` the project is clean; without it, a use of ../shared leaves the root (FR016)")
    func projectRoot() throws {
        let folder = try Self.project()
        let clean = try folder.run("validate", "--strict", ".")
        #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
        #expect(clean.stdout.contains("no problems in 3 files"), "\(clean.stdout)")

        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("flowrun.yaml"))
        let rootless = try folder.run("validate", "signup/sign-up.yaml")
        #expect(rootless.status == 1)
        #expect(
            rootless.stdout.contains(
                "signup/sign-up.yaml:33:10: error FR016: `use: ../shared/verify-code.yaml` leaves the root folder "
                    + "`signup`"), "\(rootless.stdout)")
    }

    @Test("a flow outside the root is refused, and a root that is not a folder is a usage error")
    func outsideTheRoot() throws {
        let folder = try Self.project()
        try folder.write("flowrun.yaml", "root: signup\n")
        let outside = try folder.run("validate", "reset/reset-password.yaml")
        #expect(outside.status == 1)
        #expect(
            outside.stdout.contains(
                "reset/reset-password.yaml: error FR016: `reset/reset-password.yaml` is outside the project's root "
                    + "folder `signup`"), "\(outside.stdout)")
        let inside = try folder.run("validate", "signup/sign-up.yaml")
        #expect(inside.stdout.contains("leaves the root folder `signup`"), "the shared sub-flow is outside too")

        try folder.write("flowrun.yaml", "root: nowhere\n")
        for arguments in [["validate", "."], ["run", "signup/sign-up.yaml"], ["test", "--explore", "signup"]] {
            let missing = try Flowrun.run(arguments, in: folder.url)
            #expect(missing.status == 2, "\(arguments)")
            #expect(missing.stderr.contains("flowrun.yaml: `root: nowhere` is not a folder"), "\(missing.stderr)")
        }
    }

    @Test("the sign-up runs through the shared sub-flow with `purpose: signUp`")
    func signUpRunsThroughTheSharedSubflow() throws {
        let folder = try Self.project()
        let run = try folder.run(
            "run", "signup/sign-up.yaml", "--json", "--input", "email=new.user@example.com", "--input", "code=@outbox")
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("\"Signed up as new.user@example.com.\""), "\(run.stdout)")
        #expect(run.stdout.contains("\"step\":\"submit_sign_up_code\""), "\(run.stdout)")
        #expect(!run.stdout.contains("\"step\":\"submit_reset_code\""), "\(run.stdout)")
    }

    @Test("coverage leaves `untested:` edges out and lists them with their reasons")
    func untestedEdges() throws {
        let folder = try Self.project()
        let explored = try folder.run("test", "--explore", "signup", "reset", "--format", "json")
        #expect(explored.status == 0, "\(explored.stdout)\(explored.stderr)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(explored.stdout.utf8)) as? [String: Any])
        let coverage = try #require(report["coverage"] as? [[String: Any]])
        let shared = try #require(coverage.first { ($0["file"] as? String)?.hasSuffix("verify-code.yaml") == true })
        #expect(shared["percent"] as? Double == 100)
        let untested = try #require(shared["untested"] as? [[String: Any]])
        #expect(untested.count == 1)
        #expect(untested.first?["reason"] as? String == "every caller passes signUp or reset")
        #expect(untested.first?["edge"] as? String == "submit_code: otherwise → end failure unknown_purpose")
        let summary = try #require(report["summary"] as? [String: Any])
        #expect(summary["coveragePercent"] as? Double == 100)

        let text = try folder.run("test", "--explore", "signup")
        #expect(
            text.stdout.contains(
                "Edges marked untested (not counted)\n  shared/verify-code.yaml:33:16: submit_code: otherwise → end "
                    + "failure unknown_purpose — every caller passes signUp or reset"), "\(text.stdout)")
    }

    @Test("an empty `untested:` is refused with its place")
    func emptyUntestedReason() throws {
        let folder = try Self.project()
        let flow = try String(contentsOf: folder.url.appendingPathComponent("signup/sign-up.yaml"), encoding: .utf8)
        try folder.write(
            "signup/sign-up.yaml",
            flow.replacingOccurrences(of: "untested: \"no password or attributes are sent\"", with: "untested: \" \""))
        let result = try folder.run("validate", "signup/sign-up.yaml")
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "signup/sign-up.yaml:30:89: error FR012: `untested` must say why no scenario takes this transition, "
                    + "found an empty text"), "\(result.stdout)")
    }

    @Test("the explorer writes inputs in ask order, reaches every edge and takes a tenant with --config")
    func explorerInAskOrderWithATenant() throws {
        let folder = try Self.project()
        try folder.write("strict.yaml", "passwordPolicy: { minLength: 12 }\npasswordHash: { iterations: 1000 }\n")
        let explored = try folder.run(
            "test", "--explore", "signup", "reset", "--config", "strict.yaml", "--write", "tests", "--min-coverage",
            "100")
        #expect(explored.status == 0, "\(explored.stdout)\(explored.stderr)")
        let written = try String(
            contentsOf: folder.url.appendingPathComponent("tests/reset-password.test.yaml"), encoding: .utf8)
        #expect(written.contains("  tenant: {"), "the tenant is written into the scenario file")
        #expect(written.contains("\"minLength\":12"), "\(written)")
        let firstRun = try #require(written.range(of: "inputs:\n      email:")).upperBound
        let rest = written[firstRun...]
        let code = try #require(rest.range(of: "code:")).lowerBound
        let newPassword = try #require(rest.range(of: "newPassword:")).lowerBound
        #expect(code < newPassword, "inputs follow the order the flow asks them")

        let rerun = try folder.run("test", "tests", "--min-coverage", "100")
        #expect(rerun.status == 0, "\(rerun.stdout)\(rerun.stderr)")

        let misplaced = try folder.run("test", "tests", "--config", "strict.yaml")
        #expect(misplaced.status == 2)
        #expect(misplaced.stderr.contains("--config goes with --explore"), "\(misplaced.stderr)")
    }
}
