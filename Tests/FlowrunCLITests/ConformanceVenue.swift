import Foundation
import Testing

/// Where a conformance scenario runs: the embedded authority in a fresh sandbox (state folder A), or
/// `flowrun serve` over HTTP with a fresh state folder B for the account cache.
struct Venue {
    let name: String
    let run: (_ flow: String, _ inputs: [String], _ options: [String]) throws -> FlowRun

    /// A fresh sandbox with the standard tenant, embedded authority.
    static func embedded() throws -> Venue {
        let sandbox = try Sandbox()
        return Venue(name: "embedded") { flow, inputs, options in try sandbox.run(flow, inputs: inputs, options) }
    }

    /// `--authority URL` over the HTTP client `httpClient`, with a fresh state folder, in a fresh working folder.
    static func http(_ authority: URL, httpClient: String = "asynchttpclient") throws -> Venue {
        let folder = try FlowFolder()
        let stateDir = folder.url.appendingPathComponent("state-b")
        return Venue(name: "http over \(httpClient)") { flow, inputs, options in
            let file = flow.contains("/") ? flow : FlowLibrary.flow(flow)
            var arguments = [
                "run", file, "--state-dir", stateDir.path, "--json", "--authority", authority.absoluteString,
                "--http-client", httpClient,
            ]
            for input in inputs { arguments += ["--input", input] }
            return FlowRun(try Flowrun.run(arguments + options, in: folder.url), json: true)
        }
    }
}
