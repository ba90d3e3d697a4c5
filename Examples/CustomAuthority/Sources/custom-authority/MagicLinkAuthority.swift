import FlowEngine
import FlowModel
import FlowrunFoundation
import Foundation

/// A magic-link service as an `Authority`: `magicLink.send` mails a one-time token (here: into `outbox`),
/// `magicLink.verify` signs the user in with it. Every answer is an outcome of the catalog; nothing is thrown.
actor MagicLinkAuthority: Authority {
    nonisolated let catalog: ActionCatalog
    private let users: Set<String>
    private var tokens: [String: String] = [:]
    /// The token last mailed to each address (what the user finds in the link).
    private(set) var outbox: [String: String] = [:]

    init(catalog: ActionCatalog, users: Set<String>) {
        self.catalog = catalog
        self.users = users
    }

    func perform(_ action: String, arguments: [String: Value], continuation: AuthorityContinuation?) async throws
        -> ActionResult
    {
        switch action {
        case "magicLink.send":
            let email = arguments["email"]?.stringValue ?? ""
            guard users.contains(email) else { return ActionResult(outcome: "unknownUser") }
            let token = String(format: "%06d", Int.random(in: 0..<1_000_000))
            tokens[token] = email
            outbox[email] = token
            return ActionResult(outcome: "sent", data: ["sentTo": .string(Self.masked(email))])
        case "magicLink.verify":
            guard let email = tokens.removeValue(forKey: arguments["token"]?.stringValue ?? "") else {
                return ActionResult(outcome: "expired")
            }
            return ActionResult(outcome: "verified", data: ["username": .string(email)])
        default:
            throw UnknownAction(name: action)
        }
    }

    /// `a***@example.com`.
    static func masked(_ email: String) -> String {
        guard let at = email.firstIndex(of: "@"), let first = email.first else { return "***" }
        return "\(first)***\(email[at...])"
    }
}

/// An action the catalog does not declare (the checker already refuses flows that call one).
struct UnknownAction: Error {
    var name: String
}
