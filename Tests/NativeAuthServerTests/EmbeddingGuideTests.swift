import FlowCompiler
import FlowEngine
import FlowModel
import FlowrunFoundation
import Foundation
import NativeAuth
import NativeAuthURLSession
import Testing

/// The app of docs/embedding.md, compiled and run: it compiles a flow, runs it against an authority over
/// URLSession and answers each ask with its own form (`answer`), showing the flow's messages (`show`).
func runFlow(
    file: String, authority: URL, clientID: String, accounts: any AccountStore,
    answer: @escaping @Sendable (InputRequest) async -> InputAnswer, show: @escaping @Sendable (String) -> Void
) async throws -> RunOutcome {
    let compiled = FlowCompiler(catalogs: [NativeAuthClient.defaultCatalog]).compile(file: file)
    guard let program = compiled.program, let digest = compiled.digest else {
        throw FlowProblems(diagnostics: compiled.diagnostics)
    }
    let client = NativeAuthClient(
        configuration: NativeAuthConfiguration(clientID: clientID),
        transport: URLSessionTransport(authority: authority), accounts: accounts)
    let inputs = InputChannel()
    let runner = FlowRunner(program: program, digest: digest, authority: client, inputs: inputs) { event in
        if event.event == .message, let text = event.message { show(text) }
    }
    let run = Task {
        let outcome = await runner.start()
        await inputs.finish()
        return outcome
    }
    for await request in inputs.requests {
        await inputs.respond(await answer(request))
    }
    return await run.value
}

/// A flow that does not compile, with every finding.
struct FlowProblems: Error {
    var diagnostics: [Diagnostic]
}

/// docs/embedding.md's code, run against the real HTTP server on 127.0.0.1 over URLSession.
@Suite("embedding guide")
struct EmbeddingGuideTests {
    static func flow(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("flows/\(name).yaml").path
    }

    /// The answers of a user who types `email` and then the code the server's outbox holds for it.
    static func user(_ email: String, server: TestServer) -> @Sendable (InputRequest) async -> InputAnswer {
        { request in
            var values: [String: Value] = [:]
            for field in request.fields {
                switch field.type {
                case .email: values[field.name] = .string(email)
                case .code: values[field.name] = .string((try? await server.code(to: email)) ?? "")
                default: return .cancel
                }
            }
            return .values(values)
        }
    }

    @Test("an app signs a user up, then in, and keeps the account")
    func signUpThenSignIn() async throws {
        try await TestServer.with { server in
            let authority = try #require(URL(string: server.authority))
            let clientID = try #require(server.emulator.configuration.clients.first?.clientID)
            let accounts = MemoryAccountStore()
            let shown = Shown()
            for flow in ["sign-up-email-otp", "sign-in-email-otp"] {
                let outcome = try await runFlow(
                    file: Self.flow(flow), authority: authority, clientID: clientID, accounts: accounts,
                    answer: Self.user("app@contoso.com", server: server), show: { shown.add($0) })
                guard case .ended(let end) = outcome else {
                    Issue.record("\(flow): \(outcome)")
                    return
                }
                #expect(end.kind == .success, "\(flow): \(end)")
            }
            #expect(try await accounts.load()?.username == "app@contoso.com")
            #expect(shown.texts.contains("Signed in as app@contoso.com"), "\(shown.texts)")
        }
    }

    @Test("a run suspended at the code resumes from its saved session, as after the app was backgrounded")
    func suspendAndResume() async throws {
        try await TestServer.with { server in
            let authority = try #require(URL(string: server.authority))
            let clientID = try #require(server.emulator.configuration.clients.first?.clientID)
            let answers = Self.user("later@contoso.com", server: server)
            let first = try await runFlow(
                file: Self.flow("sign-up-email-otp"), authority: authority, clientID: clientID,
                accounts: MemoryAccountStore(),
                answer: { request in request.fields.contains { $0.type == .code } ? .suspend : await answers(request) },
                show: { _ in })
            guard case .suspended(let session) = first else {
                Issue.record("not suspended: \(first)")
                return
            }
            let saved = try JSONEncoder().encode(session)

            let compiled = FlowCompiler(catalogs: [NativeAuthClient.defaultCatalog]).compile(
                file: Self.flow("sign-up-email-otp"))
            let program = try #require(compiled.program)
            let inputs = InputChannel()
            let client = NativeAuthClient(
                configuration: NativeAuthConfiguration(clientID: clientID),
                transport: URLSessionTransport(authority: authority), accounts: MemoryAccountStore())
            let runner = FlowRunner(
                program: program, digest: try #require(compiled.digest), authority: client, inputs: inputs)
            let restored = try JSONDecoder().decode(Session.self, from: saved)
            let run = Task {
                let outcome = await runner.resume(restored)
                await inputs.finish()
                return outcome
            }
            for await request in inputs.requests { await inputs.respond(await answers(request)) }
            guard case .ended(let end) = await run.value else {
                Issue.record("the resumed run did not end")
                return
            }
            #expect(end.kind == .success, "\(end)")
        }
    }
}

/// The messages a run showed.
final class Shown: Sendable {
    private let all = Locked<[String]>([])

    func add(_ text: String) { all.withLock { $0.append(text) } }

    var texts: [String] { all.value }
}
