#if Running
    import ArgumentParser
    import FlowServer
    import FlowSessionSeal
    import FlowServerPostgres
    import Foundation
    import Logging
    import NativeAuthEmulator

    /// `serve --database`: where the server keeps its state.
    struct DatabaseOption: ParsableArguments {
        @Option(
            help: ArgumentHelp(
                "Where to keep users, codes, tokens, keys and flow sessions: sqlite:DIR (a state folder) or "
                    + "postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE, which several servers can share (default: "
                    + "$FLOWRUN_DATABASE_URL, else `database` of ./flowrun.yaml, else SQLite in the state folder).",
                valueName: "url"))
        var database: String?
    }

    /// The stores of `flowrun serve`: SQLite files in the state folder (the default), or one PostgreSQL database
    /// shared by every server started with it. The flow sessions' seal key stays in the state folder either way
    /// (`session.key`): servers that continue each other's sessions need the same one.
    struct ServeStores {
        let emulator: EmulatorStore
        /// The state folder: the SQLite files when the database is SQLite, and `session.key`.
        let state: StateDirectory
        /// The shared database, to close on exit; nil with SQLite.
        let shared: SharedDatabase?

        /// Opens the stores `option` (else `FLOWRUN_DATABASE_URL`, else the project file's `database`) names.
        /// Throws ``UsageError`` for a URL that cannot be read and ``StoreUnavailable`` for a database that cannot
        /// be reached.
        static func open(
            option: String?, stateOption: String?, project: Project, logger: Logger,
            environment: [String: String] = ProcessInfo.processInfo.environment
        ) async throws -> ServeStores {
            let text =
                option ?? environment["FLOWRUN_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 } ?? project.database
            let url: DatabaseURL?
            do {
                url = try text.map(DatabaseURL.init)
            } catch {
                throw UsageError("--database: \(error)")
            }
            switch url {
            case .sqlite(let directory):
                return try sqlite(StateDirectory(option: directory, project: project))
            case nil:
                return try sqlite(StateDirectory(option: stateOption, project: project))
            case .postgres(let address):
                let state = StateDirectory(option: stateOption, project: project)
                try state.prepare()
                let shared = try await SharedDatabase(address: address, logger: logger)
                return ServeStores(emulator: shared.emulatorStore, state: state, shared: shared)
            }
        }

        private static func sqlite(_ state: StateDirectory) throws -> ServeStores {
            try state.prepare()
            return ServeStores(emulator: try EmulatorStore(directory: state.path), state: state, shared: nil)
        }

        /// The flow sessions' store beside the authority's.
        func flowSessions() throws -> FlowSessionStore {
            guard let shared else { return try FlowSessionStore(directory: state.path) }
            return shared.flowSessionStore(seal: try SessionSeal(keyFile: state.file("session.key")))
        }
    }
#endif
