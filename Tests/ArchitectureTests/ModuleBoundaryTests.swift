import Foundation
import Testing

/// The module boundaries README.md's "Architecture" section draws, checked against the sources: every module
/// imports only what its target declares in Package.swift, and only modules of a lower layer.
@Suite struct ModuleBoundaryTests {
    /// The layers of the first-party modules, bottom first; a module may import only modules of lower layers.
    static let layers: [String: Int] = [
        "FlowrunFoundation": 0,
        "FlowModel": 1, "NativeAuthWire": 1,
        "FlowLoader": 2, "FlowChecker": 2, "FlowReporting": 2, "FlowEngine": 2, "NativeAuthHTTP": 2,
        "NativeAuthURLSession": 2,
        "FlowCompiler": 3, "FlowReview": 3, "NativeAuth": 3, "NativeAuthTenant": 3, "FlowSessionSeal": 3,
        "NativeAuthEmulator": 4,
        "NativeAuthServer": 5, "NativeAuthEmbedded": 5,
        "FlowScenarios": 6, "FlowServer": 6, "FlowServerPostgres": 7,
        "flowrun": 8, "flowrun-bench": 8,
    ]

    /// Modules of the toolchain and the system (Security on Apple platforms), which no target declares.
    static let toolchainModules: Set<String> = [
        "Foundation", "FoundationEssentials", "FoundationNetworking", "FoundationXML", "Dispatch", "Glibc", "Musl",
        "Darwin", "Synchronization", "Security",
        "Testing", "XCTest",
    ]

    /// Modules a declared product brings with it (Yams' C parser, which the loader reads events from).
    static let implied: [String: Set<String>] = ["Yams": ["CYaml"]]

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func everyImportIsDeclaredInPackageSwift() throws {
        let targets = try PackageTargets.read(Self.root.appendingPathComponent("Package.swift"))
        #expect(targets.count >= Self.layers.count, "Package.swift was not read: \(targets.keys.sorted())")
        var problems: [String] = []
        for (name, target) in targets.sorted(by: { $0.key < $1.key }) {
            let declared = target.dependencies.union(target.dependencies.flatMap { Self.implied[$0] ?? [] })
            for (file, module) in try Self.imports(under: target.path)
            where !declared.contains(module) && !Self.toolchainModules.contains(module) {
                problems.append("\(file): \(name) imports \(module), which its target does not declare")
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func importsPointDown() throws {
        let targets = try PackageTargets.read(Self.root.appendingPathComponent("Package.swift"))
        var problems: [String] = []
        for (name, layer) in Self.layers.sorted(by: { $0.key < $1.key }) {
            guard let target = targets[name] else {
                problems.append("\(name) is not a target of Package.swift")
                continue
            }
            for dependency in target.dependencies.sorted() {
                if let other = Self.layers[dependency], other >= layer {
                    problems.append("\(name) (layer \(layer)) depends on \(dependency) (layer \(other))")
                }
            }
            for (file, module) in try Self.imports(under: target.path) {
                if let other = Self.layers[module], other >= layer {
                    problems.append("\(file): \(name) (layer \(layer)) imports \(module) (layer \(other))")
                }
            }
        }
        let unlayered = targets.values.filter { !$0.isTest && Self.layers[$0.name] == nil }.map(\.name)
        for name in unlayered.sorted() { problems.append("\(name) has no layer in ModuleBoundaryTests") }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func theReadmeDiagramNamesEveryModule() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("CONTRIBUTING.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "## Architecture").map { readme[$0.upperBound...] })
        let diagram = try #require(section.range(of: "```mermaid").map { section[$0.upperBound...] })
        for name in Self.layers.keys.sorted() {
            #expect(diagram.contains(name), "CONTRIBUTING.md's module diagram does not show \(name)")
        }
    }

    /// The first-party and package modules the Swift files under `path` import, with the file that imports each.
    static func imports(under path: String) throws -> [(file: String, module: String)] {
        let folder = root.appendingPathComponent(path)
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var found: [(file: String, module: String)] = []
        for case let file as String in enumerator where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                    words[..<index].allSatisfy({ ["@testable", "public", "internal", "package"].contains($0) })
                else { continue }
                found.append((file: "\(path)/\(file)", module: String(words[index + 1])))
            }
        }
        return found
    }
}

/// The targets of Package.swift as written: name, source folder and the names of the targets and products each
/// depends on. Reads the manifest's text (running SwiftPM from a test would lock the build folder).
struct PackageTargets {
    struct Target {
        var name: String
        var path: String
        var dependencies: Set<String>
        var isTest: Bool
        var isExecutable: Bool

        /// A library module: neither a test target nor an executable.
        var isLibrary: Bool { !isTest && !isExecutable }
    }

    static func read(_ url: URL) throws -> [String: Target] {
        let text = try String(contentsOf: url, encoding: .utf8)
        var targets: [String: Target] = [:]
        for kind in [".target(", ".executableTarget(", ".testTarget("] {
            var rest = text[...]
            while let start = rest.range(of: kind) {
                let body = balanced(rest[start.upperBound...])
                rest = rest[start.upperBound...]
                guard let name = firstString(after: "name:", in: body) else { continue }
                let declaredPath = firstString(after: "path:", in: body)
                let isTest = kind == ".testTarget(" || declaredPath?.hasPrefix("Tests/") == true
                let path = declaredPath ?? ((isTest ? "Tests/" : "Sources/") + name)
                var dependencies: Set<String> = []
                if let list = body.range(of: "dependencies:").map({ body[$0.upperBound...] }),
                    let open = list.firstIndex(of: "[")
                {
                    let items = balanced(list[list.index(after: open)...], open: "[", close: "]")
                    let products = items.components(separatedBy: ".product(")
                    dependencies = Set(quotedStrings(in: products[0][...]))
                    for product in products.dropFirst() {
                        // `name: "X", package: "p")` then maybe more target names after the closing bracket.
                        let inside = balanced(product[...])
                        if let name = firstString(after: "name:", in: inside) { dependencies.insert(name) }
                        dependencies.formUnion(quotedStrings(in: product[inside.endIndex...].dropFirst()))
                    }
                }
                targets[name] = Target(
                    name: name, path: path, dependencies: dependencies, isTest: isTest,
                    isExecutable: kind == ".executableTarget(")
            }
        }
        return targets
    }

    /// The text up to the bracket that closes the one just before `text`.
    static func balanced(_ text: Substring, open: Character = "(", close: Character = ")") -> Substring {
        var depth = 1
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == open { depth += 1 }
            if text[index] == close {
                depth -= 1
                if depth == 0 { return text[..<index] }
            }
            index = text.index(after: index)
        }
        return text
    }

    static func quotedStrings(in text: Substring) -> [String] {
        text.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }
            .map { String($0.element) }
    }

    static func firstString(after label: String, in text: Substring) -> String? {
        guard let range = text.range(of: label) else { return nil }
        return quotedStrings(in: text[range.upperBound...]).first
    }
}
