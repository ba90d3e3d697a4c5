import FlowModel
import FlowrunFoundation
import Foundation
import NIOCore
import Testing

@testable import NativeAuthHTTP
@testable import NativeAuthWire

/// `ResponseReading.jsonObject` reads the usual answers directly and leaves the rest to `JSONDecoder`: either
/// way its answer must be exactly `JSONDecoder`'s.
@Suite struct JSONObjectReaderTests {
    static func decoded(_ text: String) -> [String: Value]? {
        try? JSONDecoder().decode([String: Value].self, from: Data(text.utf8))
    }

    static let samples: [String] = [
        #"{}"#, #" { } "#, #"{"a":1}"#, #"{"a":-0}"#, #"{"a":0,"b":1,"c":true,"d":false,"e":null}"#,
        #"{"token_type":"Bearer","expires_in":3600,"scope":"openid profile offline_access"}"#,
        #"{"s":"a\"b\\c\/d\n\t\r\b\f é ☃ 😀"}"#, #"{"u":"\u00e9\ud83d\ude00"}"#, #"{"u":"\ud800"}"#,
        #"{"n":1.5}"#, #"{"n":1.0}"#, #"{"n":1e2}"#, #"{"n":-1E-2}"#, #"{"n":01}"#, #"{"n":-}"#, #"{"n":1.}"#,
        #"{"n":9223372036854775807}"#, #"{"n":9223372036854775808}"#, #"{"n":-9223372036854775808}"#,
        #"{"l":[1,"x",[true,{"k":null}],{}],"o":{"p":{"q":[]}}}"#, #"{"a":1,"a":2}"#, #"{"a":1,}"#, #"{"a" 1}"#,
        #"{"a":tru}"#, #"{"a":"x"} x"#, #"[1,2]"#, #""str""#, #"{"a":"\x"}"#, "{\"a\":\"\u{1}\"}", #"{"a":nul}"#,
        #"{"error":"invalid_grant","error_codes":[50126],"suberror":"password_too_weak","timestamp":"2024-01-01 00:00:00Z"}"#,
        String(repeating: "[", count: 80) + String(repeating: "]", count: 80),
        #"{"d":"# + String(repeating: #"{"d":"#, count: 70) + "1" + String(repeating: "}", count: 71),
    ]

    @Test("the direct reader gives JSONDecoder's answer, or leaves it to JSONDecoder")
    func sameAsJSONDecoder() {
        for sample in Self.samples {
            let expected = Self.decoded(sample)
            if let direct = JSONObjectReader.read(Array(sample.utf8)) {
                #expect(direct == expected, "\(sample)")
            }
            #expect(ResponseReading.jsonObject(ByteBuffer(string: sample)) == expected, "\(sample)")
        }
    }

    @Test("the usual answers are read directly")
    func usualAnswersDirect() {
        for sample in Self.samples.prefix(7) {
            #expect(JSONObjectReader.read(Array(sample.utf8)) != nil, "\(sample)")
        }
        #expect(JSONObjectReader.read(Array(#"{"u":"\u00e9"}"#.utf8)) == nil)
        #expect(JSONObjectReader.read([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D]) == nil)  // invalid UTF-8 key
    }

    @Test("with fractions, a number with a fraction is read directly, and still as JSONDecoder reads it")
    func fractions() throws {
        for sample in Self.samples + [#"{"n":-0.25}"#, #"{"n":[1764271234.123456,0.5]}"#, #"{"n":00.5}"#] {
            let expected = try? JSONDecoder().decode(Value.self, from: Data(sample.utf8))
            if let direct = JSONObjectReader.readValue(Array(sample.utf8), fractions: true) {
                #expect(direct == expected, "\(sample)")
            }
        }
        #expect(JSONObjectReader.readValue(Array(#"{"n":1.5}"#.utf8), fractions: true) == ["n": .number(1.5)])
        #expect(
            JSONObjectReader.readValue(Array(#"[1764271234.123456,-0.25]"#.utf8), fractions: true)
                == [.number(1_764_271_234.123456), .number(-0.25)])
        #expect(JSONObjectReader.readValue(Array(#"{"n":1.5}"#.utf8)) == nil)
        #expect(JSONObjectReader.readValue(Array(#"{"n":1e2}"#.utf8), fractions: true) == nil)
        // JSONDecoder reads a whole number with a fraction as an integer: left to it.
        #expect(JSONObjectReader.readValue(Array(#"{"n":2.0}"#.utf8), fractions: true) == nil)
    }

    @Test("random values written by JSONEncoder read back the same")
    func randomValues() throws {
        var generator = SystemRandomNumberGenerator()
        func random(_ depth: Int) -> Value {
            switch Int.random(in: 0..<(depth > 3 ? 5 : 7), using: &generator) {
            case 0: return .integer(Int.random(in: Int.min...Int.max, using: &generator))
            case 1: return .boolean(Bool.random(using: &generator))
            case 2: return .null
            case 3:
                let scalars = (0..<Int.random(in: 0..<12, using: &generator)).compactMap { _ in
                    Unicode.Scalar(UInt32.random(in: 1...0x2FF, using: &generator))
                }
                return .string(String(String.UnicodeScalarView(scalars)))
            case 4: return .integer(Int.random(in: -5...5, using: &generator))
            case 5: return .list((0..<Int.random(in: 0..<4, using: &generator)).map { _ in random(depth + 1) })
            default:
                var fields: [String: Value] = [:]
                for index in 0..<Int.random(in: 0..<4, using: &generator) { fields["k\(index)"] = random(depth + 1) }
                return .object(fields)
            }
        }
        for _ in 0..<300 {
            var fields: [String: Value] = [:]
            for index in 0..<4 { fields["f\(index)"] = random(0) }
            let text = String(decoding: try JSONEncoder().encode(fields), as: UTF8.self)
            #expect(ResponseReading.jsonObject(ByteBuffer(string: text)) == Self.decoded(text), "\(text)")
        }
    }
}
