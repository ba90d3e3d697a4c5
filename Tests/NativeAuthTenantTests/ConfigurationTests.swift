import Foundation
import NativeAuthEmulator
import NativeAuthTenant
import TestSupport
import Testing

@Suite("Configuration")
struct ConfigurationTests {
    @Test("an empty document gives the defaults")
    func defaults() throws {
        let configuration = try TenantConfiguration.load(yaml: "")
        #expect(configuration == TenantConfiguration())
        #expect(configuration.tenant == "contoso")
        #expect(configuration.clients.map(\.clientID) == ["00000000-0000-0000-0000-00000000c11e"])
        #expect(configuration.signUp.method == .emailOTP)
        #expect(
            configuration.codes == CodeConfiguration(length: 8, lifetimeSeconds: 600, maxAttempts: 5, resendInterval: 0)
        )
        #expect(configuration.passwordHash.iterations == 210_000)
        #expect(
            configuration.issuer
                == "https://\(TenantConfiguration.defaultTenantID).ciamlogin.com/\(TenantConfiguration.defaultTenantID)/v2.0"
        )
    }

    @Test("a full authority.yaml loads")
    func fullDocument() throws {
        let yaml = """
            tenant: fabrikam
            tenantID: 11111111-2222-3333-4444-555555555555
            issuerBaseURL: http://127.0.0.1:8080
            clients:
              - clientID: app-one
                challengeTypes: [oob, redirect]
                capabilities: [mfa_required]
            signUp:
              method: emailPassword
              requiredAttributes:
                - name: displayName
                - name: city
                  regex: "[A-Z][a-z]+"
                  page: 2
              optionalAttributes:
                - name: jobTitle
                  required: false
            passwordPolicy:
              minLength: 10
              banned: [Fabrikam123!]
            codes: {length: 6, lifetimeSeconds: 300, maxAttempts: 3, resendInterval: 30}
            continuationLifetimeSeconds: 900
            tokens: {accessTokenLifetime: 600, attributeClaims: [city], signingAlgorithm: ES256}
            passwordHash: {iterations: 1000}
            mfa: {required: true}
            registration: {required: true, channels: [email]}
            resetPassword: {pollsInProgress: 2, pollInterval: 3}
            blockedTargets: ["+4799999999"]
            """
        let configuration = try TenantConfiguration.load(yaml: yaml)
        #expect(configuration.tenant == "fabrikam")
        #expect(configuration.issuer == "http://127.0.0.1:8080/11111111-2222-3333-4444-555555555555/v2.0")
        #expect(
            configuration.clients == [
                ClientConfiguration(
                    clientID: "app-one", challengeTypes: ["oob", "redirect"], capabilities: ["mfa_required"])
            ])
        #expect(configuration.signUp.method == .emailPassword)
        #expect(
            configuration.signUp.requiredAttributes[1]
                == AttributeRequirement(name: "city", regex: "[A-Z][a-z]+", page: 2))
        #expect(configuration.signUp.optionalAttributes == [AttributeRequirement(name: "jobTitle", required: false)])
        #expect(configuration.passwordPolicy.minLength == 10)
        #expect(configuration.passwordPolicy.maxLength == 256)
        #expect(configuration.codes.length == 6)
        #expect(configuration.tokens.idTokenLifetime == 3600)
        #expect(configuration.tokens.signingAlgorithm == .es256)
        #expect(configuration.mfa.required && configuration.registration.required)
        #expect(configuration.resetPassword == ResetPasswordConfiguration(pollsInProgress: 2, pollInterval: 3))
    }

    @Test("an unknown key is refused with its line and column")
    func unknownKey() throws {
        let yaml = """
            tenant: contoso
            codes:
              length: 8
              lifetme: 300
            """
        #expect {
            try TenantConfiguration.load(yaml: yaml, file: "authority.yaml")
        } throws: { error in
            guard let error = error as? ConfigurationError else { return false }
            return error.line == 4 && error.column == 3 && error.path == "codes.lifetme"
                && error.message.contains("unknown key 'lifetme'")
                && error.description.hasPrefix("authority.yaml:4:3: codes.lifetme: unknown key")
        }
    }

    @Test("tokens are signed RS256 unless tokens.signingAlgorithm says otherwise; an unknown algorithm is refused")
    func signingAlgorithm() throws {
        #expect(try TenantConfiguration.load(yaml: "").tokens.signingAlgorithm == .rs256)
        #expect {
            try TenantConfiguration.load(yaml: "tokens:\n  signingAlgorithm: HS256\n")
        } throws: { error in
            guard let error = error as? ConfigurationError else { return false }
            return error.path == "tokens.signingAlgorithm" && error.line == 2
                && error.message.contains("'HS256' is not a token signing algorithm (expected one of: RS256, ES256)")
        }
    }

    @Test("a wrong type is refused at the value")
    func wrongType() throws {
        #expect {
            try TenantConfiguration.load(yaml: "codes:\n  length: eight\n")
        } throws: { error in
            guard let error = error as? ConfigurationError else { return false }
            return error.line == 2 && error.column == 11 && error.path == "codes.length"
                && error.message == "expected an integer"
        }
        #expect {
            try TenantConfiguration.load(yaml: "signUp:\n  method: sms\n")
        } throws: { error in
            (error as? ConfigurationError)?.message.contains("not a sign-up method") == true
        }
    }

    @Test("validation: ranges and regexes, located in the document")
    func validation() throws {
        #expect {
            try TenantConfiguration.load(yaml: "tenant: contoso\ncodes:\n  length: 3\n")
        } throws: { error in
            guard let error = error as? ConfigurationError else { return false }
            return error.path == "codes.length" && error.line == 3 && error.message.contains("between 4 and 12")
        }
        var configuration = TenantConfiguration()
        configuration.signUp.requiredAttributes = [AttributeRequirement(name: "city", regex: "[unclosed")]
        #expect(throws: ConfigurationError.self) { try configuration.validate() }
        configuration = TenantConfiguration()
        configuration.clients = [ClientConfiguration(challengeTypes: ["sms"])]
        #expect(throws: ConfigurationError.self) { try configuration.validate() }
        #expect(throws: Never.self) { try TenantConfiguration().validate() }
    }

    @Test("invalid YAML and missing files are reported")
    func syntaxAndFiles() throws {
        #expect {
            try TenantConfiguration.load(yaml: "tenant: [contoso\n")
        } throws: { error in
            (error as? ConfigurationError)?.message.hasPrefix("invalid YAML") == true
        }
        #expect(throws: ConfigurationError.self) { try TenantConfiguration.load(file: "/nonexistent/authority.yaml") }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("authority-\(UUID().uuidString).yaml")
            .path
        try "tenant: tailspin\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try TenantConfiguration.load(file: path).tenant == "tailspin")
    }

    @Test("a JSON configuration is read by the same reader, with JSON positions")
    func jsonConfiguration() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = folder.appendingPathComponent("authority.json").path
        try #"{"tenant": "fabrikam", "codes": {"length": 6}}"#.write(toFile: good, atomically: true, encoding: .utf8)
        #expect(try TenantConfiguration.load(file: good).codes.length == 6)
        let bad = folder.appendingPathComponent("bad.json").path
        try "{\"codes\": {\"length\": \"six\"},\n \"tenant\": 1,}".write(toFile: bad, atomically: true, encoding: .utf8)
        #expect {
            try TenantConfiguration.load(file: bad)
        } throws: { error in
            guard let error = error as? ConfigurationError else { return false }
            return error.line == 2 && error.message.hasPrefix("invalid JSON")
        }
    }

    @Test("the configuration round-trips through JSON")
    func codable() throws {
        let configuration = TenantConfiguration.testing { $0.signUp.method = .emailPassword }
        let data = try JSONEncoder().encode(configuration)
        #expect(try JSONDecoder().decode(TenantConfiguration.self, from: data) == configuration)
    }
}
