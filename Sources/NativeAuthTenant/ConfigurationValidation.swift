import Foundation

extension TenantConfiguration {
    /// The longest lifetime accepted for codes, continuation tokens and tokens: ten years, in seconds.
    public static let maximumLifetime = 315_360_000

    /// Checks values the types cannot: ranges, known names, unique ids, compilable regexes.
    public func validate() throws(ConfigurationError) {
        func fail(_ path: String, _ message: String) -> ConfigurationError {
            ConfigurationError(path: path, message: message)
        }
        let tenantCharacters = Set("abcdefghijklmnopqrstuvwxyz0123456789-")
        guard !tenant.isEmpty, tenant.allSatisfy({ tenantCharacters.contains($0) }) else {
            throw fail("tenant", "must be a subdomain: lowercase letters, digits and '-'")
        }
        guard UUID(uuidString: tenantID) != nil else { throw fail("tenantID", "must be a GUID") }
        if let issuerBaseURL {
            guard let url = URL(string: issuerBaseURL), url.scheme == "https" || url.scheme == "http", url.host != nil
            else { throw fail("issuerBaseURL", "must be an http or https URL") }
        }
        try validateClients()
        try validateAttributes()
        let policy = passwordPolicy
        guard policy.minLength >= 1, policy.minLength <= policy.maxLength, policy.maxLength <= 4096 else {
            throw fail("passwordPolicy", "needs 1 <= minLength <= maxLength <= 4096")
        }
        guard (1...4).contains(policy.minCharacterClasses) else {
            throw fail("passwordPolicy.minCharacterClasses", "must be between 1 and 4")
        }
        guard (4...12).contains(codes.length) else { throw fail("codes.length", "must be between 4 and 12") }
        let lifetimes = 1...TenantConfiguration.maximumLifetime
        let limits: [(String, Int, ClosedRange<Int>)] = [
            ("codes.lifetimeSeconds", codes.lifetimeSeconds, lifetimes),
            ("codes.maxAttempts", codes.maxAttempts, 1...1000),
            ("codes.resendInterval", codes.resendInterval, 0...86400),
            ("codes.maxPerRecipientPerHour", codes.maxPerRecipientPerHour, 0...100_000),
            ("lockout.threshold", lockout.threshold, 0...1000),
            ("lockout.durationSeconds", lockout.durationSeconds, 1...86400),
            ("lockout.maxDurationSeconds", lockout.maxDurationSeconds, 1...TenantConfiguration.maximumLifetime),
            ("continuationLifetimeSeconds", continuationLifetimeSeconds, lifetimes),
            ("tokens.accessTokenLifetime", tokens.accessTokenLifetime, lifetimes),
            ("tokens.idTokenLifetime", tokens.idTokenLifetime, lifetimes),
            ("tokens.refreshTokenLifetime", tokens.refreshTokenLifetime, lifetimes),
            ("passwordHash.iterations", passwordHash.iterations, 1...10_000_000),
            ("resetPassword.pollsInProgress", resetPassword.pollsInProgress, 0...1000),
            ("resetPassword.pollInterval", resetPassword.pollInterval, 0...3600),
        ]
        for (path, value, range) in limits where !range.contains(value) {
            throw fail(path, "must be between \(range.lowerBound) and \(range.upperBound)")
        }
        for (index, channel) in registration.channels.enumerated() where !["email", "sms"].contains(channel) {
            throw fail("registration.channels[\(index)]", "unknown channel '\(channel)' (expected email or sms)")
        }
    }

    private func validateClients() throws(ConfigurationError) {
        guard !clients.isEmpty else { throw ConfigurationError(path: "clients", message: "needs at least one client") }
        var seen = Set<String>()
        for (index, client) in clients.enumerated() {
            let path = "clients[\(index)]"
            guard !client.clientID.isEmpty else {
                throw ConfigurationError(path: "\(path).clientID", message: "must not be empty")
            }
            guard seen.insert(client.clientID.lowercased()).inserted else {
                throw ConfigurationError(path: "\(path).clientID", message: "duplicate client id")
            }
            for (position, type) in (client.challengeTypes ?? []).enumerated()
            where !ClientConfiguration.knownChallengeTypes.contains(type) {
                throw ConfigurationError(
                    path: "\(path).challengeTypes[\(position)]",
                    message: "unknown challenge type '\(type)' (expected oob, password or redirect)")
            }
            for (position, capability) in (client.capabilities ?? []).enumerated()
            where !ClientConfiguration.knownCapabilities.contains(capability) {
                throw ConfigurationError(
                    path: "\(path).capabilities[\(position)]",
                    message: "unknown capability '\(capability)' (expected mfa_required or registration_required)")
            }
            for (key, uris) in [
                ("redirectURIs", client.redirectURIs), ("postLogoutRedirectURIs", client.postLogoutRedirectURIs),
            ] {
                for (position, uri) in uris.enumerated() {
                    if let problem = ClientConfiguration.redirectURIProblem(uri) {
                        throw ConfigurationError(path: "\(path).\(key)[\(position)]", message: problem)
                    }
                }
            }
        }
    }

    private func validateAttributes() throws(ConfigurationError) {
        var seen = Set<String>()
        let lists = [
            ("signUp.requiredAttributes", signUp.requiredAttributes),
            ("signUp.optionalAttributes", signUp.optionalAttributes),
        ]
        for (listPath, attributes) in lists {
            for (index, attribute) in attributes.enumerated() {
                let path = "\(listPath)[\(index)]"
                guard !attribute.name.isEmpty else {
                    throw ConfigurationError(path: "\(path).name", message: "must not be empty")
                }
                guard seen.insert(attribute.name).inserted else {
                    throw ConfigurationError(path: "\(path).name", message: "duplicate attribute '\(attribute.name)'")
                }
                guard attribute.type == "string" else {
                    throw ConfigurationError(path: "\(path).type", message: "only 'string' attributes are supported")
                }
                guard attribute.page >= 1 else {
                    throw ConfigurationError(path: "\(path).page", message: "must be at least 1")
                }
                if let regex = attribute.regex {
                    guard AttributeRules.compile(regex) != nil else {
                        throw ConfigurationError(path: "\(path).regex", message: "is not a valid regular expression")
                    }
                    if let problem = RegexSafety.problem(in: regex) {
                        throw ConfigurationError(path: "\(path).regex", message: problem)
                    }
                }
            }
        }
    }
}
