#if Running
    import FlowEngine
    import FlowLoader
    import FlowModel
    import Foundation
    import NativeAuth
    import NativeAuthEmulator
    import NativeAuthTenant

    /// The default authority: the native-auth client talking in-process to the emulator, with the emulator's
    /// database and the account cache in the state folder.
    struct EmbeddedAuthority {
        let emulator: NativeAuthEmulator
        let client: NativeAuthClient

        /// The tenant configuration: `--config FILE`, else `authority.yaml` in the current folder when present,
        /// else the defaults.
        static func configuration(option: String?) throws -> TenantConfiguration {
            if let option { return try TenantConfiguration.load(file: option) }
            if FileManager.default.fileExists(atPath: "authority.yaml") {
                return try TenantConfiguration.load(file: "authority.yaml")
            }
            return TenantConfiguration()
        }

        init(state: StateDirectory, configuration: TenantConfiguration, client choice: AuthorityChoice) async throws {
            try state.prepare()
            let store = try EmulatorStore(directory: state.path)
            try await store.bind(toTenant: configuration.tenantID)
            emulator = NativeAuthEmulator(configuration: configuration, store: store)
            client = NativeAuthClient(
                configuration: choice.configuration(defaultClientID: configuration.clients.first?.clientID ?? ""),
                transport: InProcessTransport(emulator: emulator),
                accounts: FileAccountStore(path: state.file("account.json")))
        }
    }
#endif
