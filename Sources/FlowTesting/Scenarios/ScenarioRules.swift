import FlowModel

/// The diagnostic codes of scenario files beyond those they share with flow files (FR009–FR012).
public enum ScenarioRules {
    /// The flow under test does not load or check.
    public static let flowInvalid = RuleCode(rawValue: "FR201")
    /// An expected path names a step the flow does not have.
    public static let unknownStep = RuleCode(rawValue: "FR202")
    /// A fault names an action the flow never calls, or an outcome the action does not declare.
    public static let impossibleFault = RuleCode(rawValue: "FR203")
    /// An input is answered that the flow does not declare.
    public static let unknownInput = RuleCode(rawValue: "FR204")
    /// Two scenarios of a file share a name.
    public static let duplicateName = RuleCode(rawValue: "FR205")

    /// The hint printed with each code.
    public static func hint(_ code: RuleCode) -> String {
        switch code {
        case flowInvalid: return "fix the flow first: `flowrun validate FLOW`"
        case unknownStep: return "name steps as the flow does; sub-flow steps as `useStep/subStep`"
        case impossibleFault: return "fault only actions the flow calls, with outcomes their catalog declares"
        case unknownInput: return "answer only the inputs the flow declares"
        case duplicateName: return "give every scenario of a file its own name"
        default: return ""
        }
    }
}
