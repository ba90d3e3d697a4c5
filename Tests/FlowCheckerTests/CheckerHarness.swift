import FlowChecker
import FlowLoader
import FlowModel
import Foundation

/// A small catalog that keeps checker tests independent of the native-auth catalog's evolution.
let testCatalog = ActionCatalog(
    authority: "test",
    actions: [
        "signIn.start": CatalogAction(
            parameters: [
                "username": CatalogValue(type: .email, required: true),
                "password": CatalogValue(type: .password, secret: true),
            ],
            outcomes: [
                "codeRequired": CatalogOutcome(data: ["sentTo": CatalogValue(type: .string)]),
                "completed": CatalogOutcome(data: ["username": CatalogValue(type: .string)]),
                "userNotFound": CatalogOutcome(error: true),
            ]),
        "signIn.submitCode": CatalogAction(
            parameters: ["code": CatalogValue(type: .code, required: true, secret: true)],
            outcomes: [
                "completed": CatalogOutcome(data: ["username": CatalogValue(type: .string)]),
                "invalidCode": CatalogOutcome(error: true),
            ]),
        "signUp.submitAttributes": CatalogAction(
            parameters: ["attributes": CatalogValue(type: .attributes, required: true)],
            outcomes: [
                "completed": CatalogOutcome(),
                "attributesRequired": CatalogOutcome(
                    data: ["requiredAttributes": CatalogValue(type: .attributeDescriptors)]),
            ]),
        "ping": CatalogAction(outcomes: ["completed": CatalogOutcome(), "expired": CatalogOutcome(error: true)]),
    ])

/// Writes flow files into a fresh temporary folder, loads the first with the real loader and checks it.
func check(_ files: [(name: String, text: String)], catalogs: [ActionCatalog] = [testCatalog]) throws -> CheckResult {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("flowrun-checker-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for file in files {
        try Data(file.text.utf8).write(to: folder.appendingPathComponent(file.name))
    }
    let loaded = FlowLoader().load(file: folder.appendingPathComponent(files[0].name).path)
    guard let flows = loaded.flows, !loaded.diagnostics.hasErrors else {
        throw FlowError(loaded.diagnostics)
    }
    var result = FlowChecker(catalogs: catalogs).check(flows)
    result.diagnostics = loaded.diagnostics + result.diagnostics
    return result
}

/// Checks a single flow written as YAML.
func check(_ yaml: String) throws -> CheckResult {
    try check([("flow.yaml", yaml)])
}

extension CheckResult {
    /// The diagnostics as `code@line:column`, the compact form the tests compare.
    var found: [String] {
        diagnostics.map { "\($0.code.rawValue)@\($0.position?.description ?? "-")" }
    }
}
