import FlowEngine
import Testing

@testable import FlowServer

/// One HTTP request runs a session from one ask to the next: the answer it carried goes to the first ask, and the
/// run suspends at the next one, which is remembered.
@Suite struct OneAnswerTests {
    static func ask(_ step: String) -> InputRequest {
        InputRequest(flowID: "sign-in", step: step, fields: [InputField(name: "email", type: .email, label: "Email")])
    }

    @Test func theCarriedAnswerGoesToTheFirstAskAndTheRunSuspendsAtTheNext() async throws {
        let source = OneAnswer(.choice("resend"))
        #expect(try await source.answer(Self.ask("ask_email")) == .choice("resend"))
        #expect(source.suspendedAt == nil)
        #expect(try await source.answer(Self.ask("ask_code")) == .suspend)
        #expect(source.suspendedAt?.step == "ask_code")
    }

    @Test func withoutAnAnswerTheFirstAskSuspends() async throws {
        let source = OneAnswer(nil)
        #expect(try await source.answer(Self.ask("ask_email")) == .suspend)
        #expect(source.suspendedAt == Self.ask("ask_email"))
    }
}
