import FlowModel
import Testing

/// Flow file paths are handled as text: normalized, joined and compared without touching the file system.
@Suite struct FlowPathTests {
    @Test(arguments: [
        ("a/./b//c", "a/b/c"), ("a/../b", "b"), ("../a/../../b", "../../b"), ("/a/../../b", "/b"), ("./", "."),
        ("", "."),
    ])
    func normalizes(_ path: String, _ expected: String) {
        #expect(FlowPath.normalize(path) == expected)
    }

    @Test func extensionsAreLowercasedAndADotFileHasNone() {
        #expect(FlowPath.pathExtension("flows/Sign-In.YAML") == "yaml")
        #expect(FlowPath.pathExtension("flows.d/readme") == "")
        #expect(FlowPath.pathExtension("flows/.hidden") == "")
    }

    @Test func directoriesAndJoins() {
        #expect(FlowPath.directory(of: "sign-in.yaml") == ".")
        #expect(FlowPath.directory(of: "/sign-in.yaml") == "/")
        #expect(FlowPath.directory(of: "flows/./parts/code.yaml") == "flows/parts")
        #expect(FlowPath.join(".", "parts/code.yaml") == "parts/code.yaml")
        #expect(FlowPath.join("flows", "../shared/code.yaml") == "shared/code.yaml")
        #expect(FlowPath.join("flows", "/abs/code.yaml") == "/abs/code.yaml")
    }

    @Test("a path that climbs out of the root folder is not inside it")
    func containment() {
        #expect(FlowPath.isInside("/srv/flows/parts/code.yaml", root: "/srv/flows"))
        #expect(FlowPath.isInside("/srv/flows", root: "/srv/flows"))
        #expect(!FlowPath.isInside("/srv/flows/../secrets.yaml", root: "/srv/flows"))
        #expect(!FlowPath.isInside("/srv/flows-other/a.yaml", root: "/srv/flows"))
    }

    @Test func subFlowsAreNamedRelativeToTheRootFlowsFolder() {
        #expect(FlowPath.relative("flows/parts/code.yaml", toFolderOf: "flows/signin.yaml") == "parts/code.yaml")
        #expect(FlowPath.relative("other/code.yaml", toFolderOf: "flows/signin.yaml") == "other/code.yaml")
        #expect(FlowPath.relative("code.yaml", toFolderOf: "signin.yaml") == "code.yaml")
    }
}
