import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A hostile authority answered a `challenge_target_label` with terminal escape sequences; `flowrun run` printed
/// it raw through the hint `${sentTo}`, so the authority could retitle or clear the terminal and colour what
/// follows. The authority here is a tiny Python server that answers the sign-in's `initiate` and `challenge`; the
/// run is interactive on a pseudo-terminal, and scripted with `--json`.
extension SecurityRegressionCLITests {
    // MARK: a hostile authority's label reached the terminal

    /// The label: a title change (OSC 0 ended by BEL), a screen clear and a red colour.
    static let hostileLabel = "a\u{1B}]0;title\u{07}b\u{1B}[2Jc\u{1B}[1;31md@example.com"

    /// The label as the terminal writer prints it.
    static let escapedLabel = "a\\u{1B}]0;title\\u{7}b\\u{1B}[2Jc\\u{1B}[1;31md@example.com"

    /// Answers `/oauth2/v2.0/initiate` and `/oauth2/v2.0/challenge` (an email code sent to the hostile label)
    /// with canned JSON, each with `Content-Length` on a connection it then closes; prints its port first, and
    /// stops when its standard input ends.
    static let hostileAuthorityScript = #"""
        # (No import statement: the architecture test reads lines starting with `import` as Swift imports.)
        http, json, os, sys, threading = (
            __import__(name, fromlist=["_"]) for name in ("http.server", "json", "os", "sys", "threading"))
        LABEL = "a\x1b]0;title\x07b\x1b[2Jc\x1b[1;31md@example.com"
        class Handler(http.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            def do_POST(self):
                self.rfile.read(int(self.headers.get("Content-Length", "0")))
                if self.path.endswith("/oauth2/v2.0/initiate"):
                    status, body = 200, {"continuation_token": "ct-1"}
                elif self.path.endswith("/oauth2/v2.0/challenge"):
                    status, body = 200, {"continuation_token": "ct-2", "challenge_type": "oob",
                        "binding_method": "prompt", "challenge_target_label": LABEL, "challenge_channel": "email",
                        "code_length": 8}
                else:
                    status, body = 400, {"error": "invalid_request", "error_description": "not served",
                        "error_codes": [90100]}
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.send_header("Connection", "close")
                self.end_headers()
                self.wfile.write(data)
                self.close_connection = True
            def log_message(self, *args):
                pass
        def stop_when_input_ends():
            sys.stdin.read()
            os._exit(0)
        server = http.HTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=stop_when_input_ends, daemon=True).start()
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """#

    /// Runs `body` with the hostile authority's URL, then stops the server.
    static func withHostileAuthority<T>(in folder: FlowFolder, _ body: (String) throws -> T) throws -> T {
        let script = try folder.write("authority.py", hostileAuthorityScript)
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        server.arguments = ["python3", script.path]
        let output = Pipe()
        let input = Pipe()
        server.standardOutput = output
        server.standardInput = input
        server.standardError = FileHandle.nullDevice
        try server.run()
        // The server stops when its standard input ends (a child of the test may not get SIGTERM).
        defer {
            try? input.fileHandleForWriting.close()
            server.waitUntilExit()
        }
        var printed = Data()
        while !printed.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            printed += chunk
        }
        let port = try #require(
            Int(String(decoding: printed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)),
            "the authority printed no port")
        return try body("http://127.0.0.1:\(port)/contoso")
    }

    #if canImport(Glibc)
        /// `flowrun run sign-in-email-otp` against `authority` with standard input and error on a pty: types the
        /// email at the first prompt and Ctrl-D at the next; standard output and what the terminal showed.
        static func signInOnTerminal(_ folder: FlowFolder, authority: String) throws -> (
            stdout: String, terminal: String
        ) {
            let (master, terminal) = try PseudoTerminalFunctions().openPair()
            defer { close(master) }
            let terminalHandle = FileHandle(fileDescriptor: terminal, closeOnDealloc: true)
            let outputURL = folder.url.appendingPathComponent("stdout")
            try #require(FileManager.default.createFile(atPath: outputURL.path, contents: nil))
            let output = try FileHandle(forWritingTo: outputURL)
            let process = Process()
            process.executableURL = try Flowrun.binary()
            process.arguments = [
                "run", FlowLibrary.flow("sign-in-email-otp"), "--state-dir", "state", "--authority", authority,
            ]
            process.currentDirectoryURL = folder.url
            process.environment = Flowrun.cleanEnvironment()
            process.standardInput = terminalHandle
            process.standardError = terminalHandle
            process.standardOutput = output
            try process.run()

            var shown: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
            let deadline = Date().addingTimeInterval(30)
            /// Reads what the terminal shows until the `prompts`-th prompt (raw mode switched on) or the deadline.
            func awaitPrompt(_ prompts: Int) {
                while String(decoding: shown, as: UTF8.self).components(separatedBy: "[?2004h").count <= prompts,
                    process.isRunning, Date() < deadline
                {
                    let count = read(master, &buffer, buffer.count)
                    if count > 0 { shown += buffer.prefix(count) } else { Thread.sleep(forTimeInterval: 0.05) }
                }
            }
            for (prompt, keys) in [(1, "ann@contoso.com\r"), (2, "\u{04}")] {
                awaitPrompt(prompt)
                let bytes = Array(keys.utf8)
                _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            }
            while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            try output.close()
            try terminalHandle.close()
            while true {
                let count = read(master, &buffer, buffer.count)
                if count <= 0 { break }
                shown += buffer.prefix(count)
            }
            return (try String(contentsOf: outputURL, encoding: .utf8), String(decoding: shown, as: UTF8.self))
        }

        @Test(
            "an authority's challenge_target_label with escape sequences is printed escaped through ${sentTo}",
            .timeLimit(.minutes(2)))
        func hostileChallengeTargetLabelIsEscaped() throws {
            let folder = try FlowFolder()
            try Self.withHostileAuthority(in: folder) { authority in
                let interactive = try Self.signInOnTerminal(folder, authority: authority)
                let shown = interactive.stdout + interactive.terminal
                #expect(shown.contains("Verification code sent to \(Self.escapedLabel)"), "\(shown)")
                for raw in ["\u{1B}]0;", "\u{07}", "\u{1B}[2J", "\u{1B}[1;31md@"] {
                    #expect(!shown.contains(raw), "\(shown)")
                }

                let scripted = try Flowrun.run(
                    [
                        "run", FlowLibrary.flow("sign-in-email-otp"), "--state-dir", "state", "--json", "--input",
                        "email=ann@contoso.com", "--authority", authority,
                    ], in: folder.url)
                #expect(scripted.stdout.contains(#""sentTo":"a\u001b]0;title\u0007b\u001b[2Jc"#), "\(scripted.stdout)")
                #expect(!(scripted.stdout + scripted.stderr).contains("\u{1B}"), "\(scripted.stdout)")
                #expect(!(scripted.stdout + scripted.stderr).contains("\u{07}"), "\(scripted.stdout)")
            }
        }
    #endif
}
