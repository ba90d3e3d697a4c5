/// Strict UTF-8 decoding on every deployment target: `String(validating:as:)` needs macOS 15 / iOS 18.
public enum UTF8Text {
    /// The text of `bytes`, or nil when they are not valid UTF-8 (decoding would have replaced a sequence).
    public static func decode<Bytes: Collection>(_ bytes: Bytes) -> String? where Bytes.Element == UInt8 {
        // ASCII (nearly every form body and answer) is valid UTF-8 as it stands.
        let ascii = bytes.withContiguousStorageIfAvailable { buffer in buffer.allSatisfy { $0 < 0x80 } }
        if ascii == true { return String(decoding: bytes, as: UTF8.self) }
        let text = String(decoding: bytes, as: UTF8.self)
        return text.utf8.elementsEqual(bytes) ? text : nil
    }
}
