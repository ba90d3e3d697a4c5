/// A scenario file whose scenarios did not run: it, or the flow it tests, does not load.
public struct UnrunScenarios: Sendable, Hashable {
    /// The scenario file, as given.
    public var file: String
    /// How many scenarios it holds; nil when it does not parse far enough to tell.
    public var scenarios: Int?
    /// The flow it tests, resolved against its folder; nil when it names none that can be read.
    public var flow: String?

    public init(file: String, scenarios: Int?, flow: String?) {
        self.file = file
        self.scenarios = scenarios
        self.flow = flow
    }
}
