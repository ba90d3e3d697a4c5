/// Comparisons whose time does not depend on where the inputs differ.
public enum ConstantTime {
    /// Byte-wise XOR fold; only the lengths leak.
    public static func equal(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for index in lhs.indices { difference |= lhs[index] ^ rhs[index] }
        return difference == 0
    }
}
