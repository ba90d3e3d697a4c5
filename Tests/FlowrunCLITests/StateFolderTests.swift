import Foundation
import Testing

/// `run`, `outbox` and `serve` find the state folder the same way: `--state-dir`, `FLOWRUN_STATE_DIR`,
/// `stateDir` of `./flowrun.yaml`, `.flowrun`.
@Suite struct StateFolderTests {
    @Test("run and outbox both use stateDir from flowrun.yaml")
    func projectFileStateDir() throws {
        let folder = try FlowFolder()
        try folder.write("flowrun.yaml", "stateDir: shared-state\n")
        try folder.write("authority.yaml", "passwordHash:\n  iterations: 1000\n")
        let signUp = try Flowrun.run(
            [
                "run", FlowLibrary.flow("sign-up-email-otp"), "--input", "email=state@example.com", "--input",
                "code=@outbox",
            ],
            in: folder.url)
        #expect(signUp.status == 0, "\(signUp.stderr)")
        let state = folder.url.appendingPathComponent("shared-state")
        #expect(FileManager.default.fileExists(atPath: state.appendingPathComponent("authority.sqlite").path))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(".flowrun").path))
        let outbox = try Flowrun.run(["outbox", "--json"], in: folder.url)
        #expect(outbox.status == 0, "\(outbox.stderr)")
        #expect(outbox.stdout.contains("state@example.com"))
        let elsewhere = try Flowrun.run(["outbox", "--json", "--state-dir", "missing"], in: folder.url)
        #expect(elsewhere.status == 2)
    }
}
