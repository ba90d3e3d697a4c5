/// The strongly connected components of a graph given as successor lists (Tarjan's algorithm, iterative so
/// that a 100,000-step chain cannot exhaust the stack), and the component of each node. Components come in
/// reverse topological order: a component's successors are found before it.
public struct StronglyConnectedComponents: Sendable {
    /// The component number of each node (an index into ``components``).
    public private(set) var component: [Int]
    /// The nodes of each component.
    public private(set) var components: [[Int]] = []

    /// The components of the graph whose node `n` has the edges `successors[n]`.
    public init(successors: [[Int]]) {
        let count = successors.count
        component = [Int](repeating: -1, count: count)
        var index = [Int](repeating: -1, count: count)
        var lowLink = [Int](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var stack: [Int] = []
        var counter = 0
        for root in 0..<count where index[root] < 0 {
            var work: [(node: Int, next: Int)] = [(root, 0)]
            index[root] = counter
            lowLink[root] = counter
            counter += 1
            stack.append(root)
            onStack[root] = true
            while var frame = work.popLast() {
                let node = frame.node
                if frame.next < successors[node].count {
                    let successor = successors[node][frame.next]
                    frame.next += 1
                    work.append(frame)
                    if index[successor] < 0 {
                        index[successor] = counter
                        lowLink[successor] = counter
                        counter += 1
                        stack.append(successor)
                        onStack[successor] = true
                        work.append((successor, 0))
                    } else if onStack[successor] {
                        lowLink[node] = min(lowLink[node], index[successor])
                    }
                    continue
                }
                if let parent = work.last?.node { lowLink[parent] = min(lowLink[parent], lowLink[node]) }
                guard lowLink[node] == index[node] else { continue }
                var group: [Int] = []
                while let member = stack.popLast() {
                    onStack[member] = false
                    component[member] = components.count
                    group.append(member)
                    if member == node { break }
                }
                components.append(group)
            }
        }
    }
}
