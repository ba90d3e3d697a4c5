import FlowEngine
import Foundation
import TestSupport
import Testing

/// What `scripts/http-fuzz.sh` (schemathesis against `flowrun serve`) found, each with the request it sent.
@Suite("HTTP fuzz regressions")
struct HTTPFuzzRegressionTests {
    /// schemathesis, seed 3, tenant not pinned: `POST /0/v2.0/.well-known/openid-configuration` was 404 (the
    /// tenant is checked before the method, as on every path), but the spec documented only 405 for POST on the
    /// GET resources. The document now describes both answers to a wrong method once, in its description, with
    /// the Error schema.
    @Test(
        "POST to a GET resource of another tenant is 404 not_found, as documented",
        arguments: ["/v2.0/.well-known/openid-configuration", "/discovery/v2.0/keys"])
    func wrongMethodOnAnotherTenant(path: String) async throws {
        let document = try OpenAPIDocument.load()
        let template = "/{tenant}" + path
        #expect(document.responseSchema(path: template, method: "post", status: 404) == nil, "no POST operation")
        let description = try #require(document.description)
        #expect(description.contains("A path naming another tenant is 404 `not_found`"))
        let schema = try #require(document.schema(named: "Error"))
        try await TestServer.with { server in
            for tenant in ["0", "v%F3%9A%AF%BE%C3%A9H%3F%C3%9C", "fabrikam"] {
                let answer = try await server.post("/\(tenant)" + path, body: "")
                #expect(answer.status == 404, "\(tenant): \(answer)")
                #expect(answer.error == "not_found", "\(tenant): \(answer)")
                let body = try #require(answer.json, "\(tenant): not JSON: \(answer)")
                #expect(document.problems(body, against: schema).isEmpty, "\(tenant): \(answer)")
            }
        }
    }
}
