extension Int {
    /// The sum of two counts, or `Int.max` when it would overflow: attempt limits come from flow files, so a
    /// bound built from them must not trap.
    func plus(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other < 0 ? .min : .max) : sum
    }

    /// The product of two counts, or `Int.max` when it would overflow.
    func times(_ other: Int) -> Int {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        return overflow ? .max : product
    }
}
