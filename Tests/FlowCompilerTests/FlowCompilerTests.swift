import FlowCompiler
import FlowModel
import Foundation
import NativeAuth
import Testing

/// The one way from a flow file (or text) to a checked program.
@Suite struct FlowCompilerTests {
    let compiler = FlowCompiler(catalogs: [NativeAuthClient.defaultCatalog])

    static let library = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("flows").path

    @Test func aLibraryFlowWithASubflowCompilesWithItsDigestAndFiles() throws {
        let root = Self.library + "/sign-up-and-sign-in.yaml"
        let compiled = compiler.compile(file: root)
        let program = try #require(compiled.program, "\(compiled.diagnostics)")
        #expect(!compiled.diagnostics.hasErrors)
        #expect(program.file == FlowPath.normalize(root))
        #expect(
            compiled.files == [
                FlowPath.normalize(root), FlowPath.normalize(Self.library + "/sign-in-after-sign-up.yaml"),
            ])
        #expect(compiled.digest?.isEmpty == false)
        #expect(FlowPath.relative(compiled.files[1], toFolderOf: compiled.files[0]) == "sign-in-after-sign-up.yaml")
    }

    @Test func textWithAnErrorGivesNoProgramAndAPositionedDiagnostic() throws {
        let text = """
            flowrun: 1
            id: broken
            authority: native-auth
            start: a
            steps:
              a: { set: { x: 1 }, next: nowhere }
            """
        let compiled = compiler.compile(text: text, file: "broken.yaml")
        #expect(compiled.program == nil)
        #expect(compiled.digest == nil)
        let error = try #require(compiled.diagnostics.first { $0.code == .undefinedStep }, "\(compiled.diagnostics)")
        #expect(error.file == "broken.yaml")
        #expect(error.position?.line == 6)
    }

    @Test func aMissingFileIsADiagnosticNotACrash() {
        let compiled = compiler.compile(file: "/nonexistent/flow.yaml")
        #expect(compiled.program == nil)
        #expect(compiled.files.isEmpty)
        #expect(compiled.diagnostics.hasErrors)
    }

    @Test func aFindingOfASharedSubflowIsReportedOnce() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowcompiler-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let shared =
            "flowrun: 1\nid: shared\nauthority: native-auth\nstart: a\nsteps:\n  a: { set: { x: 1 }, next: gone }\n"
        try shared.write(to: folder.appendingPathComponent("shared.yaml"), atomically: true, encoding: .utf8)
        for name in ["one", "two"] {
            let user = """
                flowrun: 1
                id: \(name)
                authority: native-auth
                start: call
                steps:
                  call: { use: ./shared.yaml, on: { otherwise: done } }
                  done: { end: success }
                """
            try user.write(to: folder.appendingPathComponent("\(name).yaml"), atomically: true, encoding: .utf8)
        }
        let files = ["one", "two"].map { folder.appendingPathComponent("\($0).yaml").path }
        let undefined = compiler.diagnostics(files: files).filter { $0.code == .undefinedStep }
        #expect(undefined.count == 1, "\(undefined)")
    }
}
