/// Strict UTF-8 decoding on every deployment target: `String(validating:as:)` needs macOS 15 / iOS 18.
public enum UTF8Text {
    /// The text of `bytes`, or nil when they are not valid UTF-8 (decoding would have replaced a sequence).
    public static func decode<Bytes: Collection>(_ bytes: Bytes) -> String? where Bytes.Element == UInt8 {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.utf8.elementsEqual(bytes) ? text : nil
    }
}
