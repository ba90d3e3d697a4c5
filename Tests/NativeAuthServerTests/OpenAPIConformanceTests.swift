import FlowEngine
import FlowModel
import FlowrunFoundation
import Foundation
import NativeAuth
import NativeAuthEmulator
import NativeAuthServer
import NativeAuthWire
import TestSupport
import Testing

/// `schemas/native-auth.openapi.yaml` against the real server: every documented (path, method, status) is
/// produced at least once, and every body that comes back conforms to its documented schema.
@Suite("OpenAPI conformance")
struct OpenAPIConformanceTests {
    @Test("the document lists every endpoint with exactly the form parameters the server reads, others ignored")
    func formParameters() throws {
        let document = try OpenAPIDocument.load()
        let expected = Set(NativeAuthEndpoint.allCases.map { "/{tenant}" + $0.path }).union([
            "/{tenant}/v2.0/.well-known/openid-configuration", "/{tenant}/discovery/v2.0/keys", "/outbox",
            "/healthz", "/readyz", "/metrics",
        ])
        #expect(document.pathTemplates == expected)
        for endpoint in NativeAuthEndpoint.allCases {
            let form = try #require(document.formParameters("/{tenant}" + endpoint.path), "\(endpoint)")
            #expect(form.all == endpoint.acceptedParameters, "\(endpoint.path)")
            #expect(form.required.isSubset(of: form.all), "\(endpoint.path)")
            #expect(form.required.contains("client_id"), "\(endpoint.path)")
            #expect(!form.closed, "\(endpoint.path): additionalProperties must not be false (others are ignored)")
        }
    }

    @Test("every documented answer is produced and conforms to its schema")
    func documentedAnswers() async throws {
        let document = try OpenAPIDocument.load()
        let recorder = ExchangeRecorder()
        try await TestServer.with(recorder: recorder) { server in
            try await Self.requestErrors(server)
            try await Self.signUpSignInAndReset(server)
            try await Self.mfa(server)
            try await Self.discoveryAndOutbox(server)
        }
        try await TestServer.with(.testing { $0.registration.required = true }, recorder: recorder) { server in
            try await Self.registration(server)
        }
        try await TestServer.with(devOutbox: false, recorder: recorder) { server in
            let outbox = try await server.get("/outbox")
            #expect(outbox.status == 404)
        }
        try await Self.operations(recorder)

        var produced: Set<OpenAPIDocument.Answer> = []
        for exchange in recorder.all {
            let template = Self.template(of: exchange.path, in: document)
            let method = exchange.method.lowercased()
            let answer = "\(exchange.method) \(exchange.path) \(exchange.status)"
            if exchange.path == "/metrics" {
                #expect(exchange.header("content-type")?.hasPrefix("text/plain;") == true, "\(answer)")
                produced.insert(.init(path: exchange.path, method: method, status: String(exchange.status)))
                continue
            }
            let body = try #require(
                try? JSONDecoder().decode(Value.self, from: exchange.body), "not JSON: \(exchange.path) \(exchange)")
            let schema =
                template.flatMap { document.responseSchema(path: $0, method: method, status: exchange.status) }
                ?? (exchange.status == 200 ? nil : document.schema(named: "Error"))
            let problems = document.problems(body, against: schema)
            #expect(problems.isEmpty, "\(answer): \(problems)")
            #expect(exchange.header("content-type") == "application/json; charset=utf-8", "\(answer)")
            #expect(exchange.header("client-request-id")?.isEmpty == false, "\(answer)")
            if let template, !document.answers.contains(where: { $0.path == template && $0.method == method }) {
                // A method the path does not take: 405 (404 for another tenant), described once in the
                // document's description rather than as an operation.
                #expect([404, 405].contains(exchange.status), "\(answer)")
                if exchange.status == 405 {
                    #expect(
                        exchange.header("allow") == (exchange.method == "GET" ? "POST" : "GET, HEAD"), "\(answer)")
                }
                continue
            }
            if let template {
                produced.insert(.init(path: template, method: method, status: String(exchange.status)))
            }
        }
        let missing = document.answers.subtracting(produced)
        #expect(missing.isEmpty, "documented but never produced: \(missing.map(\.description).sorted())")
        let undocumented = produced.subtracting(document.answers).filter { answer in
            document.responseSchema(path: answer.path, method: answer.method, status: Int(answer.status) ?? 0) == nil
        }
        #expect(undocumented.isEmpty, "produced but undocumented: \(undocumented.map(\.description).sorted())")
    }

    /// The documented template of a concrete path: `/outbox`, or the first segment replaced with `{tenant}`.
    static func template(of path: String, in document: OpenAPIDocument) -> String? {
        if document.pathTemplates.contains(path) { return path }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        guard segments.count > 2 else { return nil }
        let template = (["", "{tenant}"] + segments.dropFirst(2).map(String.init)).joined(separator: "/")
        return document.pathTemplates.contains(template) ? template : nil
    }

    /// `/healthz`, `/metrics`, and `/readyz` before and after its database file is overwritten (200, then 503).
    static func operations(_ recorder: ExchangeRecorder) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowrun-openapi-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try EmulatorStore(directory: folder.path)
        try await TestServer.with(recorder: recorder, store: store) { server in
            #expect(try await server.get("/healthz").status == 200)
            #expect(try await server.get("/metrics").status == 200)
            #expect(try await server.get("/readyz").status == 200)
            #expect(try await server.post("/healthz", body: "").status == 405)
            for name in ["authority.sqlite-wal", "authority.sqlite-shm"] {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            }
            try Data(repeating: 0x41, count: 8192).write(to: folder.appendingPathComponent("authority.sqlite"))
            #expect(try await server.get("/readyz").status == 503)
        }
    }

    /// 400, 404, 405 and 413 on every native-auth endpoint.
    static func requestErrors(_ server: TestServer) async throws {
        let oversized = String(repeating: "a", count: NativeAuthHTTPServer.defaultBodyLimit + 1)
        for endpoint in NativeAuthEndpoint.allCases {
            #expect(try await server.post("/contoso" + endpoint.path, body: "").status == 400)
            #expect(try await server.post("/fabrikam" + endpoint.path, body: "").status == 404)
            #expect(try await server.post("/contoso" + endpoint.path, body: "x=" + oversized).status == 413)
            #expect(try await server.get("/contoso" + endpoint.path).status == 405)
            #expect(try await server.get("/fabrikam" + endpoint.path).status == 404)
        }
    }

    /// 200 from sign-up, sign-in, the token endpoint and every password-reset endpoint.
    static func signUpSignInAndReset(_ server: TestServer) async throws {
        let token = try await server.signUp("ann@contoso.com")
        let tokens = try await server.call(
            .token,
            [
                "continuation_token": token, "grant_type": "continuation_token", "username": "ann@contoso.com",
                "scope": "openid profile offline_access",
            ])
        #expect(tokens.status == 200)
        #expect(try await server.signIn("ann@contoso.com").status == 200)
        let redirected = try await server.call(
            .signInInitiate, ["username": "ann@contoso.com", "challenge_type": "redirect"])
        #expect(redirected.string("challenge_type") == "redirect")

        let started = try await server.call(
            .resetPasswordStart, ["username": "ann@contoso.com", "challenge_type": "oob redirect"])
        let challenged = try await server.call(.resetPasswordChallenge, ["continuation_token": try started.token()])
        let code = try await server.code(to: "ann@contoso.com")
        let verified = try await server.call(
            .resetPasswordContinue, ["continuation_token": try challenged.token(), "grant_type": "oob", "oob": code])
        let submitted = try await server.call(
            .resetPasswordSubmit, ["continuation_token": try verified.token(), "new_password": "New-Harbor-Light-88"])
        let polled = try await server.call(
            .resetPasswordPollCompletion, ["continuation_token": try submitted.token()])
        #expect(polled.string("status") == "succeeded", "\(polled)")
    }

    /// MFA: the token endpoint asks for a second factor, introspect lists it, the challenge sends a code.
    static func mfa(_ server: TestServer) async throws {
        try await server.signUp("mia@contoso.com")
        try await server.emulator.store.setMFA(true, for: "mia@contoso.com")
        let required = try await server.signIn("mia@contoso.com", capabilities: "mfa_required")
        #expect(required.string("suberror") == "mfa_required", "\(required)")
        let introspected = try await server.call(.signInIntrospect, ["continuation_token": try required.token()])
        #expect(introspected.status == 200, "\(introspected)")
        guard case .list(let methods) = introspected.object["methods"],
            let id = methods.first?[field: "id"]?.stringValue
        else {
            Issue.record("no methods in \(introspected)")
            return
        }
        let challenged = try await server.call(
            .signInChallenge,
            ["continuation_token": try introspected.token(), "challenge_type": "oob redirect", "id": id])
        #expect(challenged.string("challenge_type") == "oob", "\(challenged)")
        let code = try await server.code(to: "mia@contoso.com")
        let tokens = try await server.call(
            .token, ["continuation_token": try challenged.token(), "grant_type": "mfa_oob", "oob": code])
        #expect(tokens.status == 200, "\(tokens)")
    }

    /// Just-in-time registration: introspect, a preverified challenge, continue, then tokens.
    static func registration(_ server: TestServer) async throws {
        try await server.signUp("jo@contoso.com")
        let required = try await server.signIn("jo@contoso.com", capabilities: "registration_required")
        #expect(required.string("suberror") == "registration_required", "\(required)")
        let introspected = try await server.call(.registerIntrospect, ["continuation_token": try required.token()])
        #expect(introspected.status == 200, "\(introspected)")
        let challenged = try await server.call(
            .registerChallenge,
            [
                "continuation_token": try introspected.token(), "challenge_type": "oob",
                "challenge_target": "jo@contoso.com", "challenge_channel": "email",
            ])
        #expect(challenged.string("challenge_type") == "preverified", "\(challenged)")
        let continued = try await server.call(
            .registerContinue, ["continuation_token": try challenged.token(), "grant_type": "continuation_token"])
        #expect(continued.status == 200, "\(continued)")
        let tokens = try await server.call(
            .token, ["continuation_token": try continued.token(), "grant_type": "continuation_token"])
        #expect(tokens.status == 200, "\(tokens)")
    }

    /// Discovery, keys and the outbox: 200, 404, 405 and the outbox's 400.
    static func discoveryAndOutbox(_ server: TestServer) async throws {
        for path in ["/v2.0/.well-known/openid-configuration", "/discovery/v2.0/keys"] {
            #expect(try await server.get("/contoso" + path).status == 200)
            #expect(try await server.get("/fabrikam" + path).status == 404)
            #expect(try await server.post("/contoso" + path, body: "").status == 405)
            #expect(try await server.post("/fabrikam" + path, body: "").status == 404)
        }
        #expect(try await server.get("/outbox?limit=3").status == 200)
        #expect(try await server.get("/outbox?limit=-1").status == 400)
        #expect(try await server.post("/outbox", body: "").status == 405)
    }
}
