import FlowrunFoundation
import Foundation
import Testing

@Suite("The JSON value")
struct ValueTests {
    @Test("JSON decodes to the matching case and encodes back to the same value")
    func codableRoundTrip() throws {
        let json = #"{"a":"text","b":3,"c":1.5,"d":true,"e":[2,"x"],"f":{"g":null}}"#
        let value = try JSONDecoder().decode(Value.self, from: Data(json.utf8))
        let expected: Value = [
            "a": "text", "b": 3, "c": .number(1.5), "d": true, "e": [2, "x"], "f": ["g": .null],
        ]
        #expect(value == expected)
        #expect(try JSONDecoder().decode(Value.self, from: JSONEncoder().encode(value)) == value)
    }

    @Test("the text of a value is what interpolation shows")
    func description() {
        #expect(Value.list(["a", 2, true]).description == "a, 2, true")
        #expect(Value.object(["b": "2", "a": .null]).description == "a=, b=2")
        #expect(Value.null.description == "")
    }

    @Test("a string and an object's field read back; other kinds give nil")
    func accessors() {
        #expect(Value.string("x").stringValue == "x")
        #expect(Value.integer(1).stringValue == nil)
        #expect(Value.object(["k": "v"])[field: "k"] == "v")
        #expect(Value.list(["v"])[field: "k"] == nil)
    }
}
