#if Running
    import Crypto
    import Foundation

    /// The line `flowrun test --explore --write` adds to a scenario file it writes: the SHA-256 of the rest of the
    /// file. A file whose text no longer matches it was changed by hand, and is never overwritten.
    enum ExploreFingerprint {
        static let prefix = "# flowrun-explore-fingerprint: "

        /// `text` with its fingerprint line added at the end.
        static func signed(_ text: String) -> String {
            text + prefix + digest(text) + "\n"
        }

        /// Whether the file at `path` may be replaced: it does not exist, or it is unchanged since flowrun wrote it.
        static func mayReplace(_ path: String) -> Bool {
            guard let data = FileManager.default.contents(atPath: path) else { return true }
            let text = String(decoding: data, as: UTF8.self)
            guard let range = text.range(of: "\n" + prefix, options: .backwards) else { return false }
            let body = String(text[..<text.index(after: range.lowerBound)])
            let recorded = text[range.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines)
            return recorded == digest(body)
        }

        private static func digest(_ text: String) -> String {
            SHA256.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
        }
    }
#endif
