import FlowrunFoundation
import Foundation
import NativeAuthTenant
import NativeAuthWire

/// One request as the endpoints see it: its parameters, the resolved client, the tenant and the time.
struct RequestContext: Sendable {
    let endpoint: NativeAuthEndpoint
    let parameters: [String: String]
    let configuration: TenantConfiguration
    let client: ClientConfiguration
    let now: Date
    /// Whether sent codes are stored readable (for an outbox) or only as a keyed digest.
    var codesReadable = true

    /// A parameter with surrounding whitespace removed; nil when absent or blank.
    func text(_ name: String) -> String? {
        guard let value = parameters[name]?.trimmingWhitespace(), !value.isEmpty else {
            return nil
        }
        return value
    }

    /// A parameter that must be present (90100 otherwise).
    func required(_ name: String) throws -> String {
        guard let value = text(name) else { throw EmulatorError.invalidParameter(name) }
        return value
    }

    /// A secret (password) exactly as sent; nil when absent or empty.
    func secret(_ name: String) -> String? {
        guard let value = parameters[name], !value.isEmpty else { return nil }
        return value
    }

    /// The `username` in Unicode NFC, which must look like an email address (90100 "username parameter is empty
    /// or not valid").
    func username() throws -> String {
        guard let text = text("username") else { throw EmulatorError.invalidParameter("username") }
        // ASCII is its own NFC form.
        let username = text.isASCII ? text : text.precomposedStringWithCanonicalMapping
        guard Contacts.isEmail(username) else { throw EmulatorError.invalidParameter("username") }
        return username
    }

    /// The `challenge_type` list narrowed to what the client may use. Nil when absent and not `required`;
    /// unknown types give `unsupported_challenge_type`, a list without `redirect` gives 901007.
    func challengeTypes(required: Bool) throws -> Set<String>? {
        guard let text = text("challenge_type") else {
            if required { throw EmulatorError.invalidParameter("challenge_type") }
            return nil
        }
        let values = Set(text.whitespaceSeparatedWords())
        guard values.isSubset(of: ClientConfiguration.knownChallengeTypes) else {
            throw EmulatorError.unsupportedChallengeType
        }
        guard values.contains("redirect") else { throw EmulatorError.missingRedirect }
        guard let allowed = client.challengeTypes else { return values }
        return values.intersection(allowed).union(["redirect"])
    }

    /// The declared capabilities (`capabilities`, or the documented spelling `capability`) the client may use.
    var capabilities: Set<String> {
        let text = [self.text("capabilities"), self.text("capability")].compactMap { $0 }.joined(separator: " ")
        let values = Set(text.whitespaceSeparatedWords())
            .intersection(ClientConfiguration.knownCapabilities)
        guard let allowed = client.capabilities else { return values }
        return values.intersection(allowed)
    }

    private static let scopeCharacters = ASCIISet(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._:/-~")

    /// The requested scopes (default `openid profile offline_access`), without duplicates; `invalid_scope` when
    /// one is malformed or the client is not consented to it.
    func scopes() throws -> [String] {
        guard let text = text("scope") else { return ["openid", "profile", "offline_access"] }
        var scopes: [String] = []
        for scope in text.whitespaceSeparatedWords() {
            guard Self.scopeCharacters.containsAll(of: scope), scope.utf8.count <= 256 else {
                throw EmulatorError.invalidScope
            }
            guard client.isConsented(to: scope) else { throw EmulatorError.invalidScope }
            if !scopes.contains(scope) { scopes.append(scope) }
        }
        return scopes
    }
}
