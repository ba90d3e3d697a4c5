/// The state of a running flow as a value: which flow (by id and content digest), where it is, its variables,
/// attempt counters and the authority's continuation. It can be saved and resumed in another process.
/// Secret variables (passwords, codes, tokens) are never encoded.
public struct Session: Sendable, Hashable, Codable {
    /// The format of encoded sessions.
    public var version: Int
    public var flowID: String
    /// Digest of the flow's files; a resume refuses a session whose flow changed.
    public var flowDigest: String
    /// The call stack of `use` steps: the root flow first, the running sub-flow last.
    public var frames: [Frame]
    /// Times each limited edge was taken, by `file#edge`.
    public var attempts: [String: Int]
    public var continuation: AuthorityContinuation?
    /// The last steps entered, as `file:step`, oldest first (at most ``historyLimit``).
    public var history: [String]

    /// How many history entries a session keeps.
    public static let historyLimit = 64

    public init(flowID: String, flowDigest: String, frames: [Frame]) {
        self.version = 1
        self.flowID = flowID
        self.flowDigest = flowDigest
        self.frames = frames
        self.attempts = [:]
        self.continuation = nil
        self.history = []
    }

    /// One flow on the call stack.
    public struct Frame: Sendable, Hashable, Codable {
        /// The program's file (the key of sub-programs).
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
