import Foundation
import Testing

/// A pull request made `flowrun test` and `validate` read files outside the repository and quote them in
/// diagnostics and annotations: a scenario's `flow:` (`../../x`, `/abs/x`), `root: /` in `flowrun.yaml`, or a
/// credentials file that is not a flow. Each attack runs from a project folder beside a folder of planted
/// secrets, in the text and github formats.
extension SecurityRegressionCLITests {
    // MARK: CI read and quoted files outside the project

    /// What the files outside the project hold; none of it may appear in any output.
    enum OutsideSecret {
        static let dockerAuth = "ZG9ja2VyOnBsYW50ZWQtZG9ja2VyLXNlY3JldA=="
        static let githubToken = "gho_plantedHostsToken0123456789"
        static let serviceKey = "planted-service-account-key-4f2a"
    }

    /// A temporary folder with `outside/` (a Docker credentials JSON and a `gh` hosts file) and `project/` (the
    /// working folder, with one valid flow); the project's URL.
    static func projectBesideSecrets() throws -> (folder: FlowFolder, project: URL) {
        let folder = try FlowFolder()
        try folder.write(
            "outside/config.json", #"{"auths": {"ghcr.io": {"auth": "\#(OutsideSecret.dockerAuth)"}}}"# + "\n")
        try folder.write("outside/hosts.yml", "github.com:\n    oauth_token: \(OutsideSecret.githubToken)\n")
        try folder.write(
            "project/flows/hello.yaml",
            """
            flowrun: 1
            id: hello
            inputs:
              name: { type: text, label: Name }
            start: ask_name
            steps:
              ask_name:
                ask: [name]
                next: done
              done:
                end: success
                message: "Hello ${name}"

            """)
        return (folder, folder.url.appendingPathComponent("project"))
    }

    /// Runs `arguments` in `project` in the text and the github format: each refused (exit non-zero), saying
    /// `refusal`, and showing nothing of the planted secrets.
    static func expectRefusedWithoutQuoting(
        _ arguments: [String], in project: URL, saying refusal: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        for format in ["text", "github"] {
            let result = try Flowrun.run(arguments + ["--format", format], in: project)
            let output = result.stdout + result.stderr
            #expect(result.status != 0, "\(format): \(output)", sourceLocation: sourceLocation)
            #expect(output.contains(refusal), "\(format): \(output)", sourceLocation: sourceLocation)
            for secret in [
                OutsideSecret.dockerAuth, OutsideSecret.githubToken, OutsideSecret.serviceKey, "oauth_token",
            ] {
                #expect(
                    !output.contains(secret), "\(format) shows \(secret): \(output)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test("a scenario whose flow: climbs out of the project with ../ is refused, the file not read or quoted")
    func scenarioFlowClimbingOutOfTheProjectIsRefused() throws {
        let (folder, project) = try Self.projectBesideSecrets()
        try folder.write(
            "project/flows/tests/steal.test.yaml",
            "flow: ../../../outside/config.json\nscenarios:\n  - name: x\n    expect: { end: success }\n")
        try Self.expectRefusedWithoutQuoting(
            ["test", "flows/tests/steal.test.yaml"], in: project,
            saying: "`flow: ../../../outside/config.json` leads out of the project folder")
    }

    @Test("a scenario whose flow: is an absolute path outside the project is refused, the file not read or quoted")
    func scenarioFlowWithAnAbsolutePathIsRefused() throws {
        let (folder, project) = try Self.projectBesideSecrets()
        let hosts = folder.url.appendingPathComponent("outside/hosts.yml").path
        try folder.write(
            "project/flows/tests/steal.test.yaml",
            "flow: \(hosts)\nscenarios:\n  - name: x\n    expect: { end: success }\n")
        try Self.expectRefusedWithoutQuoting(
            ["test", "flows/tests"], in: project, saying: "`flow: \(hosts)` leads out of the project folder")
    }

    @Test("root: / in flowrun.yaml cannot let a use: climb out of the project")
    func rootOutsideTheProjectIsRefused() throws {
        let (folder, project) = try Self.projectBesideSecrets()
        try folder.write("project/flowrun.yaml", "root: /\n")
        try folder.write(
            "project/flows/steal.yaml",
            """
            flowrun: 1
            id: steal
            start: shared
            steps:
              shared:
                use: ../../outside/hosts.yml
                on:
                  success: { end: success }
                  failure: { fail: failed }

            """)
        try folder.write(
            "project/flows/tests/steal.test.yaml",
            "flow: ../steal.yaml\nscenarios:\n  - name: x\n    expect: { end: success }\n")
        let refusal = "flowrun.yaml: `root: /` leads out of the project folder"
        try Self.expectRefusedWithoutQuoting(["validate", "flows/steal.yaml"], in: project, saying: refusal)
        try Self.expectRefusedWithoutQuoting(["test", "flows/tests"], in: project, saying: refusal)
    }

    @Test("a credentials file inside the project that is not a flow is named, never quoted")
    func nonFlowFileInTheProjectIsNotQuoted() throws {
        let (folder, project) = try Self.projectBesideSecrets()
        try folder.write(
            "project/flows/service-account.json",
            #"{"type": "service_account", "private_key": "\#(OutsideSecret.serviceKey)"}"# + "\n")
        try folder.write("project/flows/notes.yaml", "- \(OutsideSecret.serviceKey)\n")
        try folder.write(
            "project/flows/tests/key.test.yaml",
            "flow: ../service-account.json\nscenarios:\n  - name: x\n    expect: { end: success }\n")
        try Self.expectRefusedWithoutQuoting(
            ["validate", "flows"], in: project,
            saying: "`flows/service-account.json` is not a flow: it has no `flowrun` key at its top level")
        try Self.expectRefusedWithoutQuoting(
            ["validate", "flows/notes.yaml"], in: project, saying: "`flows/notes.yaml` is not a flow")
        try Self.expectRefusedWithoutQuoting(
            ["test", "flows/tests"], in: project, saying: "`flows/service-account.json` is not a flow")
    }

    @Test("a flow named on the command line outside the project is still checked: only paths in files are confined")
    func commandLinePathOutsideTheProjectIsAllowed() throws {
        let (folder, project) = try Self.projectBesideSecrets()
        let outside = try folder.write(
            "outside/flows/hello.yaml",
            try String(contentsOf: project.appendingPathComponent("flows/hello.yaml"), encoding: .utf8))
        let result = try Flowrun.run(["validate", outside.path], in: project)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }
}
