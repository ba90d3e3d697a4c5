#if Running
    import Foundation

    /// Whether a `--host` names the loopback interface only.
    enum LoopbackAddress {
        static func contains(_ host: String) -> Bool {
            let name = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
            if name == "localhost" || name == "::1" || name == "0:0:0:0:0:0:0:1" { return true }
            let parts = name.split(separator: ".", omittingEmptySubsequences: false)
            return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
        }
    }
#endif
