import FlowCompiler
import FlowEngine
import FlowrunFoundation
import Foundation
import InMemoryTracing
import NativeAuth
import NativeAuthEmulator
import NativeAuthHTTP
import TestSupport
import Testing
import Tracing

/// Spans through swift-distributed-tracing, with a tracer that propagates W3C Trace Context: the server's span per
/// request, the engine's per run and step, the client's per action, and the store's per transaction.
@Suite("tracing")
struct TracingTests {
    static let callerTrace = "4bf92f3577b34da6a3ce929d0e0e4736"
    static let callerSpan = "00f067aa0ba902b7"

    /// Its store transactions are its children; the access log gives the span's ids.
    @Test("a request with a traceparent is a server span in the caller's trace, named after its route")
    func serverSpan() async throws {
        let tracer = W3CTracer()
        try await TestServer.with(store: try EmulatorStore.inMemory(tracer: tracer), tracer: tracer) { server in
            let traceparent = W3CTracer.traceparent(traceID: Self.callerTrace, spanID: Self.callerSpan)
            let answer = try await server.call(
                .signUpStart,
                [
                    "username": "span@contoso.com", "password": strongPassword,
                    "challenge_type": "oob password redirect",
                ],
                headers: [("traceparent", traceparent)])
            #expect(answer.status == 200, "\(answer)")

            let spans = tracer.finishedSpans
            let request = try #require(spans.first { $0.kind == .server }, "\(spans.map(\.operationName))")
            #expect(request.operationName == "POST /{tenant}/signup/v1.0/start")
            #expect(request.traceID == Self.callerTrace)
            #expect(request.parentSpanID == Self.callerSpan)
            #expect(request.attribute("http.request.method") == .string("POST"))
            #expect(request.attribute("http.route") == .string("/{tenant}/signup/v1.0/start"))
            #expect(request.attribute("http.response.status_code") == .int64(200))
            #expect(request.status == nil)

            let transactions = spans.filter { $0.operationName.hasPrefix("store ") }
            #expect(!transactions.isEmpty)
            for transaction in transactions {
                #expect(transaction.traceID == Self.callerTrace && transaction.parentSpanID == request.spanID)
                #expect(transaction.attribute("db.system.name") == .string("sqlite"))
            }

            let line = try #require(server.logs.all.first { $0.contains("http.path=/contoso/signup/v1.0/start") })
            #expect(line.contains("trace_id=\(Self.callerTrace)"), "\(line)")
            #expect(line.contains("span_id=\(request.spanID)"), "\(line)")
            #expect(line.contains("parent_span_id=\(Self.callerSpan)"), "\(line)")
            expectNoSecret(in: spans, ["span@contoso.com", strongPassword])
        }
    }

    @Test("with a tracer that writes no traceparent, the access log keeps the caller's trace and its own span id")
    func accessLogWithoutW3C() async throws {
        let tracer = InMemoryTracer()
        try await TestServer.with(tracer: tracer) { server in
            let traceparent = W3CTracer.traceparent(traceID: Self.callerTrace, spanID: Self.callerSpan)
            let answer = try await server.send(.GET, "/healthz", headers: [("traceparent", traceparent)])
            #expect(answer.status == 200)
            let request = try #require(tracer.finishedSpans.first { $0.kind == .server })
            #expect(request.operationName == "GET /healthz")
            let line = try #require(server.logs.all.first { $0.contains("http.path=/healthz") })
            #expect(line.contains("trace_id=\(Self.callerTrace)"), "\(line)")
            #expect(line.contains("parent_span_id=\(Self.callerSpan)"), "\(line)")
            #expect(!line.contains("span_id=\(request.spanID)"), "\(line)")
        }
    }

    @Test("a 5xx answer sets the server span's error status; a path that names no route keeps the method as name")
    func errorStatus() async throws {
        let tracer = W3CTracer()
        let backend = SwitchableBackend(base: try EmulatorStore.inMemory().backend)
        try await TestServer.with(store: EmulatorStore(backend: backend), tracer: tracer) { server in
            backend.down.withLock { $0 = true }
            #expect(try await server.get("/outbox").status == 503)
            #expect(try await server.get("/nowhere").status == 404)
            let spans = tracer.finishedSpans.filter { $0.kind == .server }
            let outbox = try #require(spans.first { $0.operationName == "GET /outbox" })
            #expect(outbox.status?.code == .error)
            #expect(outbox.attribute("http.response.status_code") == .int64(503))
            let unmatched = try #require(spans.first { $0.attribute("http.response.status_code") == .int64(404) })
            #expect(unmatched.operationName == "GET")
            #expect(unmatched.attribute("http.route") == nil)
            #expect(unmatched.status == nil)
        }
    }

    /// Run, steps, actions, requests (sent with a traceparent) and store transactions; no span holds the
    /// password, a code or a token.
    @Test("a flow run through HTTPTransport against the server is one trace")
    func flowOverTheWire() async throws {
        let tracer = W3CTracer()
        try await TestServer.with(store: try EmulatorStore.inMemory(tracer: tracer), tracer: tracer) { server in
            let email = "wire@contoso.com"
            let codes = Locked<[String]>([])
            let accounts = MemoryAccountStore()
            let answer: @Sendable (InputRequest) async -> InputAnswer = { request in
                var values: [String: Value] = [:]
                for field in request.fields {
                    switch field.type {
                    case .email: values[field.name] = .string(email)
                    case .password: values[field.name] = .string(strongPassword)
                    case .code:
                        let code = (try? await server.code(to: email)) ?? ""
                        codes.withLock { $0.append(code) }
                        values[field.name] = .string(code)
                    default: return .cancel
                    }
                }
                return .values(values)
            }
            for flow in ["sign-up-password", "sign-in-password"] {
                let outcome = try await Self.run(flow, server: server, accounts: accounts, tracer: tracer, answer)
                guard case .ended(let end) = outcome, end.kind == .success else {
                    Issue.record("\(flow): \(outcome)")
                    return
                }
            }
            let account = try #require(try await accounts.load())
            #expect(!codes.value.isEmpty)

            let spans = tracer.finishedSpans
            let runs = spans.filter { $0.operationName.hasPrefix("run ") }
            #expect(runs.map(\.operationName) == ["run sign-up-password", "run sign-in-password"])
            for run in runs {
                #expect(run.parentSpanID == nil)
                #expect(run.attribute("flowrun.run.outcome") == .string("ended"))
                let trace = spans.filter { $0.traceID == run.traceID }
                let steps = trace.filter { $0.parentSpanID == run.spanID }
                #expect(steps.allSatisfy { $0.operationName.hasPrefix("step ") })
                let actionSteps = steps.filter { $0.attribute("flowrun.step.kind") == .string("action") }
                #expect(!actionSteps.isEmpty)
                #expect(actionSteps.allSatisfy { $0.attribute("flowrun.step.outcome") != nil })
                let actions = trace.filter { $0.kind == .client && !$0.operationName.hasPrefix("store ") }
                #expect(actions.count == actionSteps.count)
                for action in actions {
                    let step = try #require(actionSteps.first { $0.spanID == action.parentSpanID })
                    #expect(action.attribute("flowrun.action") == step.attribute("flowrun.action"))
                    #expect(action.attribute("flowrun.action.outcome") == step.attribute("flowrun.step.outcome"))
                }
                let requests = trace.filter { $0.kind == .server }
                #expect(!requests.isEmpty)
                for request in requests {
                    let action = try #require(actions.first { $0.spanID == request.parentSpanID })
                    let sent = W3CTracer.traceparent(traceID: run.traceID, spanID: action.spanID)
                    #expect(tracer.extractedTraceparents.contains(sent))
                }
                let transactions = trace.filter { $0.operationName.hasPrefix("store ") }
                #expect(!transactions.isEmpty)
                #expect(transactions.allSatisfy { span in requests.contains { $0.spanID == span.parentSpanID } })
            }
            let secrets = [strongPassword, account.accessToken, account.idToken] + codes.value
            expectNoSecret(in: spans, secrets + [account.refreshToken ?? strongPassword, email])
        }
    }

    /// Runs a flow of `flows/` with a native-auth client over HTTP to `server`, every part traced by `tracer`.
    static func run(
        _ flow: String, server: TestServer, accounts: any AccountStore, tracer: W3CTracer,
        _ answer: @escaping @Sendable (InputRequest) async -> InputAnswer
    ) async throws -> RunOutcome {
        let compiled = FlowCompiler(catalogs: [NativeAuthClient.defaultCatalog]).compile(
            file: EmbeddingGuideTests.flow(flow))
        var transport = HTTPTransport(authority: try #require(URL(string: server.authority)))
        transport.tracer = tracer
        var client = NativeAuthClient(
            configuration: NativeAuthConfiguration(clientID: clientID), transport: transport, accounts: accounts)
        client.tracer = tracer
        let inputs = InputChannel()
        var runner = FlowRunner(
            program: try #require(compiled.program), digest: try #require(compiled.digest), authority: client,
            inputs: inputs)
        runner.tracer = tracer
        let run = Task {
            let outcome = await runner.start()
            await inputs.finish()
            return outcome
        }
        for await request in inputs.requests { await inputs.respond(await answer(request)) }
        return await run.value
    }
}

/// Records an issue for each span attribute that holds one of `secrets`.
private func expectNoSecret(
    in spans: [FinishedInMemorySpan], _ secrets: [String], sourceLocation: SourceLocation = #_sourceLocation
) {
    for span in spans {
        span.attributes.forEach { name, value in
            for secret in secrets where !secret.isEmpty && "\(value)".contains(secret) {
                Issue.record("\(span.operationName) \(name) holds a secret", sourceLocation: sourceLocation)
            }
        }
    }
}
