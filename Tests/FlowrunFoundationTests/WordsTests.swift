import FlowrunFoundation
import Testing

@Suite("Words of text split on whitespace")
struct WordsTests {
    @Test("the words are what splitting on each character's whitespace property gives, ASCII or not")
    func wordsMatchCharacterSplit() {
        let texts = [
            "openid profile offline_access", "  oob\tpassword\r\nredirect  ", "a\u{0B}b\u{0C}c", "", "   ", "one",
            "zoë  ana", "oob\u{3000}password", "x \u{301}y", "a\u{85}b\u{A0}c",
        ]
        for text in texts {
            #expect(text.whitespaceSeparatedWords() == text.split(whereSeparator: \.isWhitespace).map(String.init))
        }
        #expect("  oob\tpassword\r\nredirect  ".whitespaceSeparatedWords() == ["oob", "password", "redirect"])
        #expect("oob\u{3000}password".whitespaceSeparatedWords() == ["oob", "password"])
    }
}
