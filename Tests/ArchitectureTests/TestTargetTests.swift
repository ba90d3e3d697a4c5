import Foundation
import Testing

/// The test targets mirror the modules: each library module has a test target named after it that tests it, and
/// the few other test targets are the ones that test across modules.
@Suite struct TestTargetTests {
    /// Test targets that belong to no single library module, and what each tests.
    static let crossModuleSuites: [String: String] = [
        "ArchitectureTests": "the package's layout: module boundaries and test targets",
        "FlowrunCLITests": "the flowrun executable, run as a process",
        "FlowSchemaTests": "the JSON schemas under schemas/",
    ]

    static func targets() throws -> [String: PackageTargets.Target] {
        try PackageTargets.read(ModuleBoundaryTests.root.appendingPathComponent("Package.swift"))
    }

    @Test("every library module has a test target named after it")
    func everyLibraryHasATestTarget() throws {
        let targets = try Self.targets()
        let libraries = targets.values.filter(\.isLibrary).map(\.name)
        #expect(libraries.count >= 10, "Package.swift was not read: \(targets.keys.sorted())")
        let missing = libraries.filter { targets[$0 + "Tests"]?.isTest != true }
        #expect(missing.isEmpty, "library modules without a <Module>Tests target: \(missing.sorted())")
    }

    @Test("each module's test target declares and imports that module")
    func eachTestTargetTestsItsModule() throws {
        let targets = try Self.targets()
        var problems: [String] = []
        for library in targets.values.filter(\.isLibrary).map(\.name).sorted() {
            guard let tests = targets[library + "Tests"] else { continue }
            if !tests.dependencies.contains(library) {
                problems.append("\(tests.name) does not declare \(library) in Package.swift")
            }
            let imported = try ModuleBoundaryTests.imports(under: tests.path).map(\.module)
            if !imported.contains(library) { problems.append("no file of \(tests.name) imports \(library)") }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("every test target mirrors a library module or is a known cross-module suite")
    func noStrayTestTargets() throws {
        let targets = try Self.targets()
        let libraries = Set(targets.values.filter(\.isLibrary).map(\.name))
        let testTargets = targets.values.filter { $0.isTest && $0.path.hasPrefix("Tests/") }
        var stray: [String] = []
        for target in testTargets where target.name.hasSuffix("Tests") {
            let module = String(target.name.dropLast("Tests".count))
            if !libraries.contains(module) && Self.crossModuleSuites[target.name] == nil { stray.append(target.name) }
        }
        #expect(stray.isEmpty, "test targets that mirror no library module: \(stray.sorted())")
        for name in Self.crossModuleSuites.keys.sorted() {
            #expect(targets[name]?.isTest == true, "\(name) is listed as a cross-module suite but is no test target")
        }
    }

    @Test("one shared test-support target, which no library module depends on")
    func oneSharedTestSupportTarget() throws {
        let targets = try Self.targets()
        let support = targets.values.filter { $0.isTest && !$0.name.hasSuffix("Tests") }.map(\.name)
        #expect(support == ["TestSupport"], "test-support targets: \(support.sorted())")
        let leaking = targets.values.filter { !$0.isTest && $0.dependencies.contains("TestSupport") }.map(\.name)
        #expect(leaking.isEmpty, "modules that depend on TestSupport: \(leaking.sorted())")
    }
}
