#if Running
    import Foundation
    import NativeAuth
    import NativeAuthWire

    /// The authority and client settings of a run, from the command line first, then `flowrun.yaml`.
    struct AuthorityChoice: Equatable {
        /// Where the run's requests go.
        enum Target: Equatable {
            /// The emulator, in-process.
            case embedded
            /// An authority over HTTP(S): `flowrun serve` or a real tenant.
            case http(URL, realTenant: Bool)
        }

        var target: Target
        /// `nil`: the tenant configuration's first client.
        var clientID: String?
        var challengeTypes: [String]?
        var capabilities: [String]?

        /// Combines the options with `file`. `--authority` and `--tenant` exclude each other at the same level;
        /// one on the command line replaces either from the file.
        init(
            options: ClientOptions, file: Project
        ) throws {
            let fromOptions = try Self.target(authority: options.authority, tenant: options.tenant, source: "option")
            let fromFile = try Self.target(authority: file.authority, tenant: file.tenant, source: Project.fileName)
            target = fromOptions ?? fromFile ?? .embedded
            clientID = options.clientID ?? file.clientID
            challengeTypes = options.challengeTypes.map(Self.words) ?? file.challengeTypes
            capabilities = options.capabilities.map(Self.words) ?? file.capabilities
            if case .http(_, realTenant: true) = target, clientID == nil {
                throw CommandFailure("--tenant needs --client-id: the application (client) id registered in the tenant")
            }
        }

        /// The client configuration; `defaultClientID` when no client id was chosen.
        func configuration(defaultClientID: String) -> NativeAuthConfiguration {
            var configuration = NativeAuthConfiguration(clientID: clientID ?? defaultClientID)
            if let challengeTypes { configuration.challengeTypes = challengeTypes }
            if let capabilities { configuration.capabilities = capabilities }
            return configuration
        }

        private static func target(authority: String?, tenant: String?, source: String) throws -> Target? {
            switch (authority, tenant) {
            case (nil, nil): return nil
            case (.some, .some):
                let names = source == "option" ? "--authority and --tenant" : "`authority` and `tenant` in \(source)"
                throw CommandFailure("\(names) exclude each other: give one")
            case (.some(let text), nil):
                if text.lowercased() == "embedded" { return .embedded }
                do {
                    return .http(try NativeAuthAuthority.parse(text), realTenant: false)
                } catch {
                    throw CommandFailure(
                        source == "option" ? "--authority: \(error)" : "\(source): authority: \(error)")
                }
            case (nil, .some(let subdomain)):
                do {
                    return .http(try NativeAuthAuthority.ciam(tenant: subdomain), realTenant: true)
                } catch {
                    throw CommandFailure(source == "option" ? "--tenant: \(error)" : "\(source): tenant: \(error)")
                }
            }
        }

        private static func words(_ text: String) -> [String] {
            text.split(separator: " ").map(String.init)
        }
    }
#endif
