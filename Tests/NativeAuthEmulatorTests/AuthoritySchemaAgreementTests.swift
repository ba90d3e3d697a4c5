import Foundation
import NativeAuthEmulator
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
}
