import Testing

@testable import NativeAuthWire

@Suite("Pieces of text split on a byte")
struct PiecesTests {
    @Test("empty pieces are kept, splits stop at maxSplits, and a combining mark does not hide the separator")
    func pieces() {
        #expect("a.b..c.".pieces(separatedBy: ".") == ["a", "b", "", "c", ""])
        #expect("".pieces(separatedBy: ".") == [""])
        #expect("a=b=c".pieces(separatedBy: "=", maxSplits: 1) == ["a", "b=c"])
        #expect("x.\u{301}y".pieces(separatedBy: ".") == ["x", "\u{301}y"])
        #expect("x.\u{301}y".split(separator: ".").count == 1)
        let substring = "k=v&w"[...]
        #expect(substring.pieces(separatedBy: "&") == ["k=v", "w"])
    }
}
