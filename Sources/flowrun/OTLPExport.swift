#if OTLP
    import Logging
    import OTel
    import ServiceLifecycle
    import Tracing

    /// `serve --otlp-endpoint`: the process's tracer, made by swift-otel, which batches the spans and sends them
    /// over OTLP/HTTP (protobuf) to the endpoint. Bootstrapped once, before the server and its stores are made (they
    /// take the bootstrapped tracer when they are created); the spans still queued go out when serving stops.
    struct OTLPExport {
        /// The exporter's batching and sending, run beside the server.
        let service: any Service
        /// Where the exporter's own failures (an unreachable collector) are logged.
        let logger: Logger

        /// Bootstraps the tracer exporting to `endpoint`, the collector's traces URL used as it is
        /// (e.g. `http://localhost:4318/v1/traces`). Call once per process.
        static func bootstrap(endpoint: String, logger: Logger) throws -> OTLPExport {
            var configuration = OTel.Configuration.default
            configuration.serviceName = "flowrun"
            configuration.diagnosticLogger = .custom(logger)
            configuration.logs.enabled = false
            configuration.metrics.enabled = false
            configuration.traces.exporter = .otlp
            configuration.traces.otlpExporter.protocol = .httpProtobuf
            configuration.traces.otlpExporter.endpoint = endpoint
            let (tracer, service) = try OTel.makeTracingBackend(configuration: configuration)
            InstrumentationSystem.bootstrap(tracer)
            return OTLPExport(service: service, logger: logger)
        }

        /// Runs `serve` with the exporter beside it; once `serve` returns (or throws), shuts the exporter down,
        /// which sends the spans still queued.
        func exporting(_ serve: () async throws -> Void) async throws {
            let group = ServiceGroup(services: [service], logger: logger)
            try await withThrowingTaskGroup(of: Void.self) { tasks in
                tasks.addTask { try await group.run() }
                var failure: (any Error)?
                do { try await serve() } catch { failure = error }
                await group.triggerGracefulShutdown()
                try await tasks.waitForAll()
                if let failure { throw failure }
            }
        }
    }
#endif
