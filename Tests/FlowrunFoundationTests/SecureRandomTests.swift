import Testing

@testable import FlowrunFoundation

@Suite("Secure random words")
struct SecureRandomTests {
    @Test("words across many refills never repeat, and each bit is set about half the time")
    func wordsLookRandom() {
        var generator = SecureRandom()
        var seen: Set<UInt64> = []
        var ones = [Int](repeating: 0, count: 64)
        let count = 20_000
        for _ in 0..<count {
            let word = generator.next()
            seen.insert(word)
            for bit in 0..<64 where word >> UInt64(bit) & 1 == 1 { ones[bit] += 1 }
        }
        #expect(seen.count == count)
        // Each bit's count is binomial(20,000, 0.5): 47 % to 53 % is more than 8 standard deviations either way.
        for (bit, set) in ones.enumerated() {
            #expect((count * 47 / 100...count * 53 / 100).contains(set), "bit \(bit) set \(set) times")
        }
    }

    @Test("words drawn from many tasks at once are all different: no word is handed out twice")
    func concurrentDraws() async {
        let drawn = await withTaskGroup(of: [UInt64].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var generator = SecureRandom()
                    return (0..<2_000).map { _ in generator.next() }
                }
            }
            return await group.reduce(into: [UInt64]()) { $0 += $1 }
        }
        #expect(drawn.count == 16_000)
        #expect(Set(drawn).count == 16_000)
    }

    #if canImport(Glibc) || canImport(Musl)
        @Test("a word handed out is wiped from the buffer; the rest of the buffer is still to come")
        func handedOutWordsAreWiped() {
            let pool = SecureRandomPool()
            #expect(pool.buffered.unused.isEmpty && pool.buffered.handedOut.allSatisfy { $0 == 0 })
            let first = pool.next()
            let second = pool.next()
            let buffered = pool.buffered
            #expect(buffered.handedOut.count == 2 && buffered.handedOut.allSatisfy { $0 == 0 })
            #expect(buffered.unused.count == SecureRandomPool.words - 2)
            #expect(!buffered.unused.contains(first) && !buffered.unused.contains(second))
            for _ in 0..<SecureRandomPool.words - 2 { _ = pool.next() }
            #expect(pool.buffered.unused.isEmpty && pool.buffered.handedOut.allSatisfy { $0 == 0 })
            _ = pool.next()
            #expect(pool.buffered.handedOut.count == 1 && pool.buffered.unused.count == SecureRandomPool.words - 1)
        }

        @Test("a fill larger than one read fills every word")
        func largeFill() {
            var words = [UInt64](repeating: 0, count: 8_192)
            #expect(SecureRandomPool.fill(&words))
            #expect(words.filter { $0 == 0 }.count <= 1 && Set(words).count >= 8_191)
        }
    #endif
}
