import FlowModel
import Testing

/// The one shape of an email address that inputs, the client and the emulator share.
@Suite struct EmailAddressTests {
    @Test(arguments: ["ada@example.com", "a.b+c@mail.example.co.uk", "x@localhost.localdomain", "ünï@exämple.com"])
    func shapesThatPass(_ text: String) {
        #expect(EmailAddress.hasShape(text))
    }

    @Test(arguments: [
        "", "ada", "@example.com", "ada@", "ada@localhost", "ada@example.", "ada@.com", "ada@@example.com",
        "a@b@example.com", "ada @example.com", "ada@exa mple.com", "ada@example.com\n", "ada\u{0}@example.com",
        "ada\u{85}@example.com", "ada@example..com", "ada\u{7F}@example.com", "ada\u{3000}@example.com",
        "ünï\u{A0}@exämple.com", "ünï@exämple.com\t",
    ])
    func shapesThatFail(_ text: String) {
        #expect(!EmailAddress.hasShape(text))
    }
}
