/// One change a flow's users meet, found by ``FlowDiff``.
public struct FlowChange: Sendable, Hashable, Codable {
    /// What changed.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case flowAdded, flowRemoved, startChanged
        case askAdded, askRemoved, askInputsChanged, choiceAdded, choiceRemoved
        case stepAdded, stepRemoved, stepChanged
        case outcomeNoLongerHandled, outcomeNowHandled, routeChanged
        case endReachable, endUnreachable, newWayToEnd, wayToEndRemoved, endChanged, stepNoLongerRequired
        case attemptsChanged, messageChanged, worstCaseChanged

        /// The kind in words, for reports.
        public var title: String {
            switch self {
            case .flowAdded: return "flow added"
            case .flowRemoved: return "flow removed"
            case .startChanged: return "start changed"
            case .askAdded: return "ask added"
            case .askRemoved: return "ask removed"
            case .askInputsChanged: return "ask inputs changed"
            case .choiceAdded: return "choice added"
            case .choiceRemoved: return "choice removed"
            case .stepAdded: return "step added"
            case .stepRemoved: return "step removed"
            case .stepChanged: return "step changed"
            case .outcomeNoLongerHandled: return "outcome no longer handled"
            case .outcomeNowHandled: return "outcome now handled"
            case .routeChanged: return "route changed"
            case .endReachable: return "end now reachable"
            case .endUnreachable: return "end no longer reachable"
            case .newWayToEnd: return "new way to an end"
            case .wayToEndRemoved: return "way to an end removed"
            case .endChanged: return "end changed"
            case .stepNoLongerRequired: return "end reached without a step"
            case .attemptsChanged: return "attempt limit changed"
            case .messageChanged: return "message changed"
            case .worstCaseChanged: return "worst case changed"
            }
        }
    }

    public var kind: Kind
    /// The step the change is at (the new flow's name), when it is at one.
    public var step: String?
    /// What changed, in words.
    public var detail: String
    /// Whether a session saved while waiting in the old flow cannot go on in the new one: the ask it waits in is
    /// gone, or asks for other inputs.
    public var strandsSessions: Bool

    public init(_ kind: Kind, step: String?, _ detail: String, strandsSessions: Bool = false) {
        self.kind = kind
        self.step = step
        self.detail = detail
        self.strandsSessions = strandsSessions
    }
}
