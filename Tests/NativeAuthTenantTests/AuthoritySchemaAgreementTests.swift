import Foundation
import NativeAuth
import NativeAuthEmulator
import NativeAuthTenant
import Testing

/// `schemas/authority.schema.json` and the emulator's loader agree: the schema's example of every key loads,
/// its negative example is refused, and the schema names exactly the keys the loader knows.
@Suite("authority.yaml schema")
struct AuthoritySchemaAgreementTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func everyKeyExampleLoads() throws {
        let path = Self.repository.appendingPathComponent("schemas/tests/valid/project/authority.yaml").path
        let configuration = try TenantConfiguration.load(file: path)
        #expect(configuration.signUp.requiredAttributes.map(\.page) == [1, 2])
        #expect(configuration.signUp.method == .emailPassword)
    }

    @Test func negativeExampleIsRefused() {
        let path = Self.repository.appendingPathComponent("schemas/tests/invalid/tenant/authority.yaml").path
        #expect(throws: ConfigurationError.self) { try TenantConfiguration.load(file: path) }
    }

    @Test func schemaNamesTheLoadersKeys() throws {
        let url = Self.repository.appendingPathComponent("schemas/authority.schema.json")
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let properties = try #require(schema["properties"] as? [String: Any])
        // Every top-level key of the schema is accepted alone by the loader, and an unknown one is refused.
        let example: [String: String] = [
            "tenant": "tenant: fabrikam", "tenantID": "tenantID: 11111111-2222-3333-4444-555555555555",
            "issuerBaseURL": "issuerBaseURL: https://login.example", "clients": "clients: [{ clientID: a }]",
            "signUp": "signUp: {}", "signIn": "signIn: {}", "passwordPolicy": "passwordPolicy: {}",
            "codes": "codes: {}", "continuationLifetimeSeconds": "continuationLifetimeSeconds: 60",
            "tokens": "tokens: {}", "passwordHash": "passwordHash: {}", "mfa": "mfa: {}",
            "registration": "registration: {}", "resetPassword": "resetPassword: {}",
            "blockedTargets": "blockedTargets: []", "lockout": "lockout: { threshold: 5 }",
        ]
        #expect(Set(properties.keys) == Set(example.keys))
        for (key, yaml) in example {
            #expect(throws: Never.self, "\(key)") { try TenantConfiguration.load(yaml: yaml) }
        }
        #expect(throws: ConfigurationError.self) { try TenantConfiguration.load(yaml: "pages: 2") }
    }

    @Test("every tenant setting the native-auth catalog names as a cause of an outcome is a key of the schema")
    func catalogSettingsAreSchemaKeys() throws {
        let url = Self.repository.appendingPathComponent("schemas/authority.schema.json")
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let definitions = schema["$defs"] as? [String: Any] ?? [:]
        var named = 0
        for (action, spec) in NativeAuthClient.defaultCatalog.actions {
            for (outcome, value) in spec.outcomes {
                for setting in value.settings {
                    named += 1
                    #expect(
                        Self.schemaNode(at: setting.key, in: schema, definitions: definitions) != nil,
                        "\(action) → \(outcome) names `\(setting.key)`, which authority.yaml does not have")
                }
            }
        }
        #expect(named > 0)
        #expect(Self.schemaNode(at: "mfa.requird", in: schema, definitions: definitions) == nil)
    }

    /// The schema of the key at `path` (`clients[].challengeTypes`), following `$ref`s and list items.
    static func schemaNode(at path: String, in schema: [String: Any], definitions: [String: Any]) -> [String: Any]? {
        var node: [String: Any]? = schema
        for part in path.split(separator: ".") {
            let isList = part.hasSuffix("[]")
            let name = String(isList ? part.dropLast(2) : part)
            node = resolved((node?["properties"] as? [String: Any])?[name], definitions)
            if isList { node = resolved(node?["items"], definitions) }
        }
        return node
    }

    private static func resolved(_ node: Any?, _ definitions: [String: Any]) -> [String: Any]? {
        guard let node = node as? [String: Any] else { return nil }
        guard let reference = node["$ref"] as? String, let name = reference.split(separator: "/").last else {
            return node
        }
        return definitions[String(name)] as? [String: Any]
    }
}
