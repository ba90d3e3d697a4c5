import Foundation
import TestSupport
import Testing

/// Which flows `flowrun serve --flows` offers to people: not a sub-flow, not a flow with params, unless its file
/// says `serve: true`.
@Suite("served flows: sub-flows withheld")
struct ServedSubflowTests {
    /// A folder with a flow that uses `shared/enter-code.yaml` (a sub-flow with a param), a flow that uses
    /// `shared/greet.yaml` (a sub-flow without params), a flow with params that opts in, and one that opts out.
    static func folder() throws -> URL {
        let folder = try FlowRunnerAPITests.flowFolder(
            "main.yaml",
            """
            flowrun: 1
            id: main
            title: Main
            start: code
            steps:
              code:
                use: ./shared/enter-code.yaml
                with: { purpose: sign-in }
                on: { success: greet }
              greet:
                use: ./shared/greet.yaml
                on: { success: done }
              done: { end: success }

            """)
        let shared = folder.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        let files = [
            "shared/enter-code.yaml": """
            flowrun: 1
            id: enter-code
            params:
              purpose: { type: text }
            inputs:
              code: { type: code, label: Code, hint: "Enter the code for ${purpose}" }
            start: ask
            steps:
              ask: { ask: [code], next: done }
              done: { end: success }

            """,
            "shared/greet.yaml": """
            flowrun: 1
            id: greet
            start: done
            steps:
              done: { end: success, message: Hello }

            """,
            "opted-in.yaml": """
            flowrun: 1
            id: opted-in
            serve: true
            params:
              name: { type: text }
            start: done
            steps:
              done: { end: success, message: "Hello ${name}" }

            """,
            "opted-out.yaml": """
            flowrun: 1
            id: opted-out
            serve: false
            start: done
            steps:
              done: { end: success }

            """,
        ]
        for (name, text) in files {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return folder
    }

    @Test(
        "a sub-flow, a flow with params and a flow with `serve: false` are neither listed nor started (404)",
        .enabled(if: FlowrunBinary.find() != nil))
    func subflowsAreWithheld() async throws {
        try await FlowRunnerAPITests.withServer(flows: try Self.folder().path) { client, served in
            let list = try await client.get("/flows")
            guard case .list(let flows)? = list.json?[field: "flows"] else {
                Issue.record("no flow list: \(list)")
                return
            }
            #expect(Set(flows.compactMap { $0[field: "id"]?.stringValue }) == ["main", "opted-in"], "\(list)")
            for id in ["enter-code", "greet", "opted-out"] {
                let started = try await client.post(
                    "/flows/\(id)/sessions", #"{"params": {"purpose": "Call 555-0100 to get your code"}}"#)
                #expect(started.status == 404 && started.string("error") == "no_such_flow", "\(id): \(started)")
                #expect(try await TestHTTP.get(client.origin + "/ui/\(id)").status == 404, "\(id)")
            }
            let home = String(decoding: try await TestHTTP.get(client.origin + "/").data, as: UTF8.self)
            #expect(home.contains("/ui/main") && !home.contains("/ui/enter-code") && !home.contains("/ui/greet"))
            #expect(try await client.start("main").status == 201)
            let opted = try await client.post("/flows/opted-in/sessions", #"{"params": {"name": "Ada"}}"#)
            #expect(opted.json?[field: "end"]?[field: "message"] == "Hello Ada", "\(opted)")
            #expect(served.stderr.contains("shared/enter-code.yaml: not served, it has params"), "\(served.stderr)")
            #expect(served.stderr.contains("shared/greet.yaml: not served, another flow uses it"))
        }
    }

    @Test(
        "the library serves its whole flows, not the sub-flow sign-in-after-sign-up",
        .enabled(if: FlowrunBinary.find() != nil))
    func libraryWithholdsItsSubflow() async throws {
        try await FlowRunnerAPITests.withServer { client, _ in
            let list = String(decoding: try await client.get("/flows").data, as: UTF8.self)
            #expect(!list.contains(#""id":"sign-in-after-sign-up""#), "\(list)")
            for id in ["sign-in-email-otp", "access-token", "sign-in-otp-then-token", "sign-up-and-sign-in"] {
                #expect(list.contains(#""id":"\#(id)""#), "\(id) missing from \(list)")
            }
            let started = try await client.post(
                "/flows/sign-in-after-sign-up/sessions", #"{"params": {"username": "ada@contoso.com"}}"#)
            #expect(started.status == 404, "\(started)")
        }
    }
}
