import FlowModel
import NativeAuth
import NativeAuthWire
import Testing

private let start = MappingCase.Call(.signUpStart)

/// The words an outcome gives for its code: `unexpected`'s `errorText`, `browserRequired`'s and
/// `invalidPassword`'s `reasonText`, from the one English table, the generic sentence for a code it does not know.
@Suite struct OutcomeWordsMapping {
    static let generic = "Something went wrong on the sign-in service. Try again later."

    static func unexpected(_ note: String, _ answers: [WireResponse], error: String, text: String) -> MappingCase {
        MappingCase(
            action: "signUp.start", outcome: "unexpected", note: note, arguments: ["username": .string(user)],
            answers: [.signUpStart: answers], calls: answers.isEmpty ? [start, start] : [start],
            data: ["error": .string(error), "errorText": .string(text)])
    }

    static let cases: [MappingCase] = [
        unexpected(
            "invalid_client", [Canned.error("invalid_client", codes: [700016])], error: "invalid_client",
            text: "This app is not set up for signing in here. Contact its support."),
        unexpected(
            "unauthorized_client", [Canned.error("unauthorized_client")], error: "unauthorized_client",
            text: "This app is not allowed to sign you in this way. Contact its support."),
        unexpected(
            "attributes_required on start", [Canned.error("attributes_required", codes: [55106], token: "t")],
            error: "attributes_required", text: "More details are needed to create the account."),
        unexpected(
            "invalid_grant without a category", [Canned.error("invalid_grant", codes: [1])], error: "invalid_grant",
            text: "The sign-in service did not accept what was entered. Try again."),
        unexpected(
            "a 200 body without a token", [Canned.ok([:])], error: "invalid_response",
            text: "The sign-in service gave an answer the app cannot use. Try again later."),
        unexpected(
            "a code the table does not know", [Canned.status(403, body: ["error": "forbidden"])], error: "forbidden",
            text: generic),
        unexpected(
            "no answer", [], error: "transport_error",
            text: "The sign-in service could not be reached. Check the connection and try again."),
        MappingCase(
            action: "signUp.start", outcome: "browserRequired", note: "the server's own reason",
            arguments: ["username": .string(user)], answers: [.signUpStart: [Canned.redirect()]], calls: [start],
            data: [
                "reason": "Client is missing a challenge type",
                "reasonText": "This cannot be finished in the app. Continue in a browser.",
            ]),
        MappingCase(
            action: "signUp.start", outcome: "invalidPassword", note: "password_banned",
            arguments: ["username": .string(user), "password": "hunter2"],
            answers: [.signUpStart: [Canned.error("invalid_grant", suberror: "password_banned")]], calls: [start],
            data: ["reason": "password_banned", "reasonText": "This password is not allowed."]),
    ]

    @Test(arguments: cases) func mapping(_ row: MappingCase) async throws {
        try await row.check()
    }

    @Test func everyCodeHasOneSentenceAndUnknownCodesTheGenericOne() {
        for (code, text) in OutcomeWords.english {
            #expect(text.hasSuffix("."), "\(code)")
            #expect(!text.contains("_"), "\(code): a code in the words")
            #expect(OutcomeWords.text(for: code) == text)
        }
        #expect(OutcomeWords.text(for: "no_such_code") == Self.generic)
        #expect(OutcomeWords.text(for: "") == Self.generic)
        #expect(OutcomeWords.redirectText(for: "") == OutcomeWords.text(for: OutcomeWords.redirectCode))
    }
}
