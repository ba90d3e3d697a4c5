#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The system's secure random generator, drawn 512 bytes at a time. On Linux each draw of
/// `SystemRandomNumberGenerator` is a `getrandom` system call for 8 bytes, and a request's ids, trace ids and codes
/// took a dozen of them; here one `read` of `/dev/urandom` (the same generator, kept open) serves 64 draws. Each
/// byte is handed out once and wiped from the buffer as it is; when `/dev/urandom` cannot be read, each draw is
/// `SystemRandomNumberGenerator`'s. Elsewhere it is that generator.
public struct SecureRandom: RandomNumberGenerator, Sendable {
    public init() {}

    public mutating func next() -> UInt64 {
        #if canImport(Glibc) || canImport(Musl)
            SecureRandomPool.shared.next()
        #else
            var system = SystemRandomNumberGenerator()
            return system.next()
        #endif
    }
}

#if canImport(Glibc) || canImport(Musl)
    /// The bytes drawn from the kernel and not yet handed out, shared by the process's threads.
    final class SecureRandomPool: Sendable {
        static let shared = SecureRandomPool()

        /// `/dev/urandom`, opened once for the process (closed on `exec`); -1 when it cannot be opened.
        private static let device = open("/dev/urandom", O_RDONLY | O_CLOEXEC)

        private struct Buffer {
            var words = [UInt64](repeating: 0, count: SecureRandomPool.words)
            /// The next word to hand out; `words.count` when all were.
            var next = SecureRandomPool.words
        }

        /// 512 bytes, read in one call.
        static let words = 64
        private let buffer = Locked(Buffer())

        /// The next 8 unused bytes, refilling from the kernel when all were handed out.
        func next() -> UInt64 {
            buffer.withLock { buffer in
                if buffer.next == buffer.words.count {
                    guard Self.fill(&buffer.words) else {
                        var system = SystemRandomNumberGenerator()
                        return system.next()
                    }
                    buffer.next = 0
                }
                let word = buffer.words[buffer.next]
                buffer.words[buffer.next] = 0
                buffer.next += 1
                return word
            }
        }

        /// The buffer's words already handed out (each wiped) and those still to hand out.
        var buffered: (handedOut: ArraySlice<UInt64>, unused: ArraySlice<UInt64>) {
            buffer.withLock { ($0.words[..<$0.next], $0.words[$0.next...]) }
        }

        /// Fills `words` from `/dev/urandom`, reading again when interrupted or given fewer bytes; false on any
        /// other failure, when nothing of `words` is to be used.
        static func fill(_ words: inout [UInt64]) -> Bool {
            guard device >= 0 else { return false }
            return words.withUnsafeMutableBytes { bytes in
                guard let base = bytes.baseAddress else { return false }
                var filled = 0
                while filled < bytes.count {
                    let got = read(device, base + filled, bytes.count - filled)
                    if got > 0 {
                        filled += got
                    } else if got < 0 && errno == EINTR {
                        continue
                    } else {
                        return false
                    }
                }
                return true
            }
        }
    }
#endif
