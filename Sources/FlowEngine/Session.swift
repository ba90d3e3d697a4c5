import FlowrunFoundation

/// The state of a running flow as a value: which flow (by id and content digest), where it is, its variables,
/// attempt counters and the authority's continuation. It can be saved and resumed in another process.
/// Secret variables (passwords, codes, tokens) are never encoded.
public struct Session: Sendable, Hashable, Codable {
    /// The format of this session (``formatVersion`` for sessions made by this build).
    public var version: Int
    public var flowID: String
    /// Digest of the flow's files; a resume refuses a session whose flow changed.
    public var flowDigest: String
    /// The call stack of `use` steps: the root flow first, the running sub-flow last.
    public var frames: [Frame]
    /// Times each limited edge was taken, by `flow#edge` (`flow` as in ``Frame/file``).
    public var attempts: [String: Int]
    public var continuation: AuthorityContinuation?

    /// The format sessions are made in. 2: frames and attempt counters name flows relative to the root flow's
    /// folder (the root is `""`), so a session resumes wherever the flow files are; no step history.
    public static let formatVersion = 2

    public init(flowID: String, flowDigest: String, frames: [Frame]) {
        self.version = Self.formatVersion
        self.flowID = flowID
        self.flowDigest = flowDigest
        self.frames = frames
        self.attempts = [:]
        self.continuation = nil
    }

    /// One flow on the call stack.
    public struct Frame: Sendable, Hashable, Codable {
        /// The flow: `""` for the root flow, else the sub-flow's path relative to the root flow's folder.
        public var file: String
        /// The index of the current step.
        public var step: Int
        public var variables: [String: Value]
        /// Names whose values are secret: they stay in memory and are never encoded.
        public var secretNames: Set<String>

        public init(file: String, step: Int, variables: [String: Value] = [:], secretNames: Set<String> = []) {
            self.file = file
            self.step = step
            self.variables = variables
            self.secretNames = secretNames
        }

        private enum CodingKeys: String, CodingKey {
            case file, step, variables, secretNames
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            file = try container.decode(String.self, forKey: .file)
            step = try container.decode(Int.self, forKey: .step)
            variables = try container.decode([String: Value].self, forKey: .variables)
            secretNames = try container.decode(Set<String>.self, forKey: .secretNames)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(file, forKey: .file)
            try container.encode(step, forKey: .step)
            try container.encode(variables.filter { !secretNames.contains($0.key) }, forKey: .variables)
            try container.encode(secretNames, forKey: .secretNames)
        }
    }
}
