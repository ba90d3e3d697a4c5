import FlowEngine
import FlowModel
import FlowrunFoundation
import NativeAuth
import Testing

@testable import FlowServer

/// The catalog's texts in another language, from an authority that answers in English: by the code when it has
/// words of its own, else by the English (the generic sentence, the browser fallback's); codes stay as they are.
@Suite struct CatalogTextAuthorityTests {
    struct Answering: Authority {
        let result: ActionResult
        var catalog: ActionCatalog { ActionCatalog(authority: "test", actions: [:]) }

        func perform(_ action: String, arguments: [String: Value], continuation: AuthorityContinuation?) async throws
            -> ActionResult
        { result }
    }

    static func translated(_ data: [String: Value], in locale: String) async throws -> [String: Value] {
        let authority = CatalogTextAuthority.wrapping(
            Answering(result: ActionResult(outcome: "unexpected", data: data)), in: locale)
        return try await authority.perform("any", arguments: [:], continuation: nil).data
    }

    @Test func aKnownCodeIsTranslatedByItsKey() async throws {
        let data = try await Self.translated(
            ["error": "invalid_client", "errorText": .string(OutcomeWords.text(for: "invalid_client"))], in: "de")
        #expect(data["error"] == "invalid_client")
        #expect(
            data["errorText"]
                == "Diese App ist für die Anmeldung hier nicht eingerichtet. Wenden Sie sich an ihren Support.")
    }

    @Test func anUnknownCodeGetsTheGenericSentenceTranslated() async throws {
        let data = try await Self.translated(
            ["error": "forbidden", "errorText": .string(OutcomeWords.text(for: "forbidden"))], in: "ar")
        #expect(data["error"] == "forbidden")
        #expect(data["errorText"] == "حدث خطأ في خدمة تسجيل الدخول. حاول مرة أخرى لاحقًا.")
    }

    @Test func aTextThatIsNoCatalogTextIsLeftAlone() async throws {
        let data = try await Self.translated(["error": "x", "errorText": "Written by the authority."], in: "fr")
        #expect(data["errorText"] == "Written by the authority.")
    }
}
