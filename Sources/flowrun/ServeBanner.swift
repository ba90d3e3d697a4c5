#if Running
    import NativeAuthEmulator
    import NativeAuthTenant

    /// What `flowrun serve` tells a client developer on start (standard error): the authority to configure, the
    /// tenant, each client id with its challenge types and capabilities, and what the tenant's user flow asks.
    enum ServeBanner {
        static func lines(origin: String, configuration: TenantConfiguration, cors: [String]) -> [String] {
            let tenant = configuration.tenant
            let authority = "\(origin)/\(tenant)"
            var lines = [
                "flowrun serve: configure your client with",
                "  authority       \(authority)  (also \(origin)/\(tenant).onmicrosoft.com, "
                    + "\(origin)/\(configuration.tenantID))",
                "  tenant          \(tenant) (\(tenant).onmicrosoft.com), tenant id \(configuration.tenantID)",
            ]
            for client in configuration.clients {
                let types = (client.challengeTypes ?? ClientConfiguration.knownChallengeTypes).joined(separator: " ")
                let capabilities = (client.capabilities ?? ClientConfiguration.knownCapabilities).joined(separator: " ")
                let state = client.nativeAuthEnabled ? "" : " (native auth disabled)"
                lines.append(
                    "  client id       \(client.clientID)\(state): challenge types \(types); capabilities "
                        + (capabilities.isEmpty ? "none" : capabilities))
            }
            var flow =
                "  user flow       sign-up by "
                + "\(configuration.signUp.method == .emailOTP ? "email code" : "email and password")"
            let attributes = configuration.signUp.requiredAttributes.map(\.name)
            if !attributes.isEmpty { flow += " with \(attributes.joined(separator: ", "))" }
            flow += configuration.signIn.emailOTP ? "; sign-in by password or email code" : "; sign-in by password"
            if configuration.mfa.required { flow += "; MFA for every user" }
            if configuration.registration.required { flow += "; strong-auth registration required" }
            lines.append(flow)
            lines.append(
                "  MSAL.js         auth.authority https://\(tenant).ciamlogin.com/\(tenant).onmicrosoft.com, "
                    + "customAuth.authApiProxyUrl \(authority)"
                    + (cors.isEmpty
                        ? " (pages on another origin need --cors ORIGIN)"
                        : " (CORS for \(cors.joined(separator: ", ")))"))
            lines.append(
                "  MSAL iOS, Android  tenant subdomain \(tenant); "
                    + "these SDKs call https://\(tenant).ciamlogin.com only: "
                    + "route that host to \(origin) (docs/authorities.md: Real clients)")
            return lines
        }
    }
#endif
