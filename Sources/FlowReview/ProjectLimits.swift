import FlowModel

/// `limits:` of a project: the most one run of any flow may reach per measure, checked by `flowrun validate`.
public struct ProjectLimits: Sendable, Hashable {
    /// The most allowed, by measure.
    public var maxima: [BoundMeasure: Int]

    public init(_ maxima: [BoundMeasure: Int]) {
        self.maxima = maxima
    }

    /// An error (FR132) per measure whose bound in `bounds` exceeds its limit or is unbounded: at the step where
    /// the worst path goes over the limit, or at the first step of the loop.
    public func findings(_ bounds: FlowBounds, startPosition: SourcePosition) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for measure in BoundMeasure.allCases {
            guard let limit = maxima[measure], let bound = bounds.bounds[measure] else { continue }
            let setting = "`limits.\(measure.rawValue): \(limit)`"
            switch bound {
            case .unbounded(let loop):
                let place = loop.first
                findings.append(
                    Diagnostic(
                        .exceedsProjectLimit,
                        "one run of `\(bounds.flow)` has no bound on \(measure.title), over \(setting): the loop "
                            + loop.map(\.name).joined(separator: " → ") + " can repeat without an attempt limit",
                        file: place?.file ?? bounds.file, at: place?.position ?? startPosition))
            case .bounded(let count, let path, let exact):
                guard count > limit else { continue }
                let place = path.first { $0.total > limit }
                let amount = exact ? "\(count) \(measure.title)" : "up to \(count) \(measure.title) (an upper bound)"
                let route = path.isEmpty ? "" : ", along " + path.map(\.name).joined(separator: " → ")
                findings.append(
                    Diagnostic(
                        .exceedsProjectLimit,
                        "one run of `\(bounds.flow)` can reach \(amount), over \(setting)\(route)",
                        file: place?.file ?? bounds.file, at: place?.position ?? startPosition))
            }
        }
        return findings
    }
}
