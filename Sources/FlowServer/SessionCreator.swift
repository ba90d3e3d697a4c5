/// Who started a session: a client of the JSON API, or the web UI in one browser. The web UI shows and answers
/// only the sessions its own browser started, so a session id planted in a browser's cookie (one an attacker
/// started through the API, or in another browser) is never adopted.
enum SessionCreator: Sendable, Codable, Hashable {
    /// The JSON API.
    case api
    /// The web UI, in the browser whose binding (a signature of its browser cookie, never the cookie) this is.
    case browser(binding: String)
}
