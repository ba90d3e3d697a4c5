import FlowrunFoundation
import Testing

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
        let body = "&x=1&y=2"
        let tail = body[body.index(body.startIndex, offsetBy: 5)...]
        #expect(tail.pieces(separatedBy: "=") == ["y", "2"])
        #expect(body.pieces(separatedBy: "&", maxSplits: 1) == ["", "x=1&y=2"])
    }
}
