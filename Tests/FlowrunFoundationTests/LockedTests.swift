import FlowrunFoundation
import Testing

@Suite("A value behind a lock")
struct LockedTests {
    @Test("concurrent updates through withLock are none of them lost")
    func concurrentUpdates() async {
        let counter = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<1000 { counter.withLock { $0 += 1 } }
                }
            }
        }
        #expect(counter.value == 8000)
    }

    @Test("withLock returns its body's result and rethrows its error, keeping the changes made before it")
    func resultAndErrors() {
        struct Refused: Error {}
        let names = Locked<[String]>([])
        #expect(
            names.withLock {
                $0.append("a")
                return $0.count
            } == 1)
        #expect(throws: Refused.self) {
            try names.withLock { names in
                names.append("b")
                throw Refused()
            }
        }
        #expect(names.value == ["a", "b"])
    }
}
