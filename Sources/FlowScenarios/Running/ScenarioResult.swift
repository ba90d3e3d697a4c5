import FlowEngine
import FlowModel
import FlowrunFoundation

/// What running one scenario showed: whether it passed, why not, and what the run did.
public struct ScenarioResult: Sendable {
    /// The scenario file.
    public var file: String
    public var name: String
    /// Where the scenario is declared.
    public var position: SourcePosition
    /// Each failed expectation, with its place in the scenario file; empty when it passed.
    public var failures: [ExpectationFailure]
    /// The steps entered, sub-flow steps as `useStep/subStep`.
    public var path: [String]
    /// How the run stopped: an end kind, `cancelled`, `suspended` or `error`.
    public var stop: String
    public var reason: String?
    /// What the flow showed: messages, refusals of answers, the end message.
    public var messages: [String]
    /// The end's output (secrets masked).
    public var output: [String: Value]
    /// The edges taken, by flow file (for transition coverage).
    public var edges: [String: Set<Int>]
    /// Wall time of the run, in seconds.
    public var seconds: Double

    public var passed: Bool { failures.isEmpty }
}
