import FlowLoader
import FlowModel
import Testing

/// `load(file:)`: the root file and every file its `use` steps name.
@Suite struct SubflowTests {
    private func useFlow(id: String, uses: [String]) -> String {
        var steps = ""
        var previous = "done"
        for (index, path) in uses.enumerated().reversed() {
            steps += "  use\(index): { use: \(path), on: { otherwise: \(previous) } }\n"
            previous = "use\(index)"
        }
        return "flowrun: 1\nid: \(id)\nstart: \(previous)\nsteps:\n\(steps)  done: { end: success }\n"
    }

    @Test func loadsEverySubflowOnce() throws {
        let folder = try TemporaryFolder()
        try folder.write("main.yaml", useFlow(id: "main", uses: ["./sub/a.yaml", "sub/../sub/a.yaml", "b.json"]))
        try folder.write("sub/a.yaml", useFlow(id: "a", uses: ["../b.json"]))
        try folder.write(
            "b.json",
            #"{"flowrun": 1, "id": "b", "start": "u", "steps": {"u": {"use": "main.yaml", "on": {"otherwise": "d"}}, "d": {"end": "success"}}}"#
        )
        let result = FlowLoader().load(file: folder.file("main.yaml"))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let flows = try #require(result.flows)
        let root = normalizedFolder(folder.path)
        #expect(flows.root == root + "/main.yaml")
        #expect(Set(flows.documents.keys) == [root + "/main.yaml", root + "/sub/a.yaml", root + "/b.json"])
        #expect(flows.rootDocument?.id.value == "main")
        #expect(flows.documents[root + "/sub/a.yaml"]?.file == root + "/sub/a.yaml")
        // Every `use` resolves to the key of a loaded document, cycles included.
        for document in flows.documents.values {
            for step in document.steps {
                if case .use(let use) = step.kind { #expect(flows.documents[use.resolvedFile] != nil) }
            }
        }
    }

    @Test func relativePathsAreNormalized() throws {
        let folder = try TemporaryFolder()
        try folder.write("flows/main.yaml", useFlow(id: "main", uses: ["./other.yaml"]))
        try folder.write("flows/other.yaml", useFlow(id: "other", uses: []))
        let result = FlowLoader().load(file: folder.path + "/flows/./../flows//main.yaml")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.flows?.root == normalizedFolder(folder.path) + "/flows/main.yaml")
        #expect(
            result.flows?.documents.keys.sorted() == [
                normalizedFolder(folder.path) + "/flows/main.yaml", normalizedFolder(folder.path) + "/flows/other.yaml",
            ])
    }

    @Test func missingSubflow() throws {
        let folder = try TemporaryFolder()
        let text = useFlow(id: "main", uses: ["./missing.yaml", "./missing.yaml"])
        try folder.write("main.yaml", text)
        let (result, elapsed) = measuringWork { FlowLoader().load(file: folder.file("main.yaml")) }
        #expect(elapsed < .seconds(1))
        let missing = result.diagnostics.filter { $0.code == .subflowNotFound }
        #expect(missing.count == 2)
        #expect(missing.first?.file == folder.file("main.yaml"))
        #expect(missing.first?.position == locate("./missing.yaml", in: text))
        #expect(missing.first?.message.contains("no such file") == true)
        #expect(result.flows?.rootDocument != nil)
        #expect(result.flows?.documents.count == 1)
    }

    @Test func subflowThatIsAFolder() throws {
        let folder = try TemporaryFolder()
        try folder.write("main.yaml", useFlow(id: "main", uses: ["./dir.yaml"]))
        try folder.write("dir.yaml/inner.txt", "x")
        let result = FlowLoader().load(file: folder.file("main.yaml"))
        #expect(result.diagnostics.map(\.code) == [.subflowNotFound])
    }

    @Test func subflowErrorsNameTheSubflow() throws {
        let folder = try TemporaryFolder()
        try folder.write("main.yaml", useFlow(id: "main", uses: ["./bad.yaml"]))
        try folder.write("bad.yaml", "flowrun: 1\nid: bad\nstart: s\nsteps:\n  s: { end: success, nxt: x }\n")
        let result = FlowLoader().load(file: folder.file("main.yaml"))
        #expect(result.diagnostics.map(\.code) == [.unknownKey, .brokenSubflow])
        #expect(result.diagnostics.first?.file == folder.file("bad.yaml"))
        #expect(result.diagnostics.last?.file == folder.file("main.yaml"), "the parent fails where it uses it")
        #expect(result.flows?.documents.count == 1)
    }

    @Test func useEscapingTheRootFolder() throws {
        let folder = try TemporaryFolder()
        try folder.write("flows/main.yaml", useFlow(id: "main", uses: ["./ok.yaml"]))
        try folder.write("flows/ok.yaml", useFlow(id: "ok", uses: ["../outside.yaml"]))
        try folder.write("outside.yaml", useFlow(id: "outside", uses: []))
        let (result, elapsed) = measuringWork { FlowLoader().load(file: folder.file("flows/main.yaml")) }
        #expect(elapsed < .seconds(1))
        #expect(result.diagnostics.map(\.code) == [.pathEscapesRoot, .brokenSubflow])
        #expect(result.diagnostics.first?.file == folder.file("flows/ok.yaml"))
        // With the parent folder as root, the same files load.
        let wider = FlowLoader(rootDirectory: folder.path).load(file: folder.file("flows/main.yaml"))
        #expect(wider.diagnostics.isEmpty, "\(wider.diagnostics)")
        #expect(wider.flows?.documents.count == 3)
    }

    @Test func unreadableRoot() throws {
        let folder = try TemporaryFolder()
        let result = FlowLoader().load(file: folder.file("nothing.yaml"))
        #expect(result.flows == nil)
        #expect(result.diagnostics.map(\.code) == [.unreadableFile])
        #expect(result.diagnostics.first?.position == nil)

        let directory = FlowLoader().load(file: folder.path + "/")
        #expect(directory.diagnostics.map(\.code) == [.unsupportedExtension])
        try folder.write("dir.yaml/x.txt", "x")
        #expect(FlowLoader().load(file: folder.file("dir.yaml")).diagnostics.map(\.code) == [.unreadableFile])
    }

    @Test func rootWithUnsupportedExtension() throws {
        let folder = try TemporaryFolder()
        try folder.write("flow.txt", minimalFlow)
        let result = FlowLoader().load(file: folder.file("flow.txt"))
        #expect(result.flows == nil)
        #expect(result.diagnostics.map(\.code) == [.unsupportedExtension])
    }

    @Test func rootWithErrorsLoadsNothing() throws {
        let folder = try TemporaryFolder()
        try folder.write("main.yaml", "flowrun: 3\n")
        let result = FlowLoader().load(file: folder.file("main.yaml"))
        #expect(result.flows == nil)
        #expect(result.diagnostics.contains { $0.code == .unsupportedVersion })
    }
}

/// The normalized form of a folder path, as the loader keys documents.
private func normalizedFolder(_ path: String) -> String {
    var components: [Substring] = []
    for component in path.split(separator: "/") where component != "." {
        if component == "..", !components.isEmpty { components.removeLast() } else { components.append(component) }
    }
    return (path.hasPrefix("/") ? "/" : "") + components.joined(separator: "/")
}
