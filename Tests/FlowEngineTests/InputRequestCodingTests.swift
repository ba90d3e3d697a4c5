import FlowEngine
import FlowModel
import Foundation
import Testing

@Suite struct InputRequestCodingTests {
    let request = InputRequest(
        flowID: "sign-up", step: "details",
        fields: [
            InputField(name: "email", type: .email, label: "Email", pattern: ".+@.+", patternMessage: "an email"),
            InputField(name: "password", type: .password, label: "Password", secret: true),
            InputField(
                name: "profile", type: .attributes, label: "About you",
                attributes: [AttributeRequest(name: "city", label: "City", required: false)]),
        ],
        hint: "Sign up", choices: ["resend"], problem: nil)

    @Test func anAskIsOneJSONValueThatRoundTrips() throws {
        let data = try JSONEncoder().encode(request)
        #expect(try JSONDecoder().decode(InputRequest.self, from: data) == request)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["step"] as? String == "details")
        #expect(object["choices"] as? [String] == ["resend"])
        #expect(object["problem"] == nil)
        let fields = try #require(object["fields"] as? [[String: Any]])
        #expect(fields.map { $0["type"] as? String } == ["email", "password", "attributes"])
        #expect(fields[1]["secret"] as? Bool == true)
        let attributes = try #require(fields[2]["attributes"] as? [[String: Any]])
        #expect(attributes.first?["required"] as? Bool == false)
    }
}
