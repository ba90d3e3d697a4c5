import Foundation
import Testing

#if canImport(Glibc)
    import Glibc

    /// The interactive line editor through a pseudo-terminal: `flowrun run` reads its standard input from the
    /// terminal side of a pty, and the test types bytes — arrows, Home/End, Ctrl-U/W, Backspace, a bracketed
    /// paste, an unknown escape sequence — into the other side, as a terminal emulator would.
    @Suite struct LineEditorTerminalTests {
        static let escape = "\u{1B}"

        /// Runs `flowrun run hello.yaml` with standard input and error on a pty, types `keys`, and returns
        /// standard output and what the terminal showed.
        static func type(
            _ keys: String, environment: [String: String] = Flowrun.cleanEnvironment(), readyWhen: String = "[?2004h"
        ) throws -> (status: Int32, stdout: String, terminal: String) {
            let folder = try FlowFolder()
            try folder.write("hello.yaml", Flows.helloYAML)
            let (master, terminal) = try PseudoTerminalFunctions().openPair()
            defer { close(master) }
            let terminalHandle = FileHandle(fileDescriptor: terminal, closeOnDealloc: true)

            let outputURL = folder.url.appendingPathComponent("stdout")
            try #require(FileManager.default.createFile(atPath: outputURL.path, contents: nil))
            let output = try FileHandle(forWritingTo: outputURL)
            let process = Process()
            process.executableURL = try Flowrun.binary()
            process.arguments = ["run", "hello.yaml", "--state-dir", "state"]
            process.currentDirectoryURL = folder.url
            process.environment = environment
            process.standardInput = terminalHandle
            process.standardError = terminalHandle
            process.standardOutput = output
            try process.run()

            // Wait for the prompt (the editor has switched the terminal to raw mode once it is shown), then type.
            var shown: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
            let deadline = Date().addingTimeInterval(30)
            while !String(decoding: shown, as: UTF8.self).contains(readyWhen), Date() < deadline {
                let count = read(master, &buffer, buffer.count)
                if count > 0 { shown += buffer.prefix(count) } else { Thread.sleep(forTimeInterval: 0.05) }
            }
            let bytes = Array(keys.utf8)
            _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            while process.isRunning, Date() < deadline {
                let count = read(master, &buffer, buffer.count)
                if count > 0 { shown += buffer.prefix(count) } else { Thread.sleep(forTimeInterval: 0.05) }
            }
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            try output.close()
            try terminalHandle.close()
            while true {
                let count = read(master, &buffer, buffer.count)
                if count <= 0 { break }
                shown += buffer.prefix(count)
            }
            return (
                process.terminationStatus, try String(contentsOf: outputURL, encoding: .utf8),
                String(decoding: shown, as: UTF8.self)
            )
        }

        @Test("TERM=dumb: the terminal edits the line, and flowrun writes no escape sequence at all")
        func dumbTerminal() throws {
            var environment = Flowrun.cleanEnvironment()
            environment["TERM"] = "dumb"
            let result = try Self.type("ada@example.com\n", environment: environment, readyWhen: "Email address")
            #expect(result.status == 0, "\(result.terminal)")
            #expect(result.stdout.contains("Hello ada@example.com"), "\(result.stdout)")
            #expect(!result.terminal.contains(Self.escape), "\(result.terminal.debugDescription)")
        }

        @Test("arrows insert in the middle of the line; escape sequences never become answer text")
        func arrowsEditTheMiddle() throws {
            let keys =
                "ada@exa\(Self.escape)[D\(Self.escape)[DX\(Self.escape)[C\(Self.escape)[C\u{7F}\u{7F}xample.com\r"
            // ada@exa, ←, ←, X → ada@eXxa; →, → (end), two Backspaces → ada@eX; then xample.com.
            let result = try Self.type(keys)
            #expect(result.status == 0, "\(result.terminal)")
            #expect(result.stdout.contains("Hello ada@eXxample.com"), "\(result.stdout)")
        }

        @Test("Ctrl-W, Ctrl-U, Home, End, Ctrl-A, Ctrl-E, Delete, a bracketed paste and unknown keys")
        func everyKey() throws {
            let escape = Self.escape
            let keys =
                "zz yy\u{17}\u{15}"  // a word and its space, Ctrl-W, then Ctrl-U: the line is empty again
                + "\(escape)[200~exa\(escape)[201~"  // pasted
                + "\(escape)[Hada@\(escape)[F"  // Home, ada@, End
                + "mple.cm\(escape)[Do"  // ←, the missing o
                + "\u{01}Q\u{01}\(escape)[3~\u{05}"  // Ctrl-A, Q, Ctrl-A, Delete removes it, Ctrl-E
                + "\(escape)[A\(escape)[B\(escape)OP\t"  // up, down, F1 and Tab are ignored
                + "\r"
            let result = try Self.type(keys)
            #expect(result.status == 0, "\(result.terminal)")
            #expect(result.stdout.contains("Hello ada@example.com\n"), "\(result.stdout)")
        }

        @Test("Ctrl-C cancels the run and restores the terminal")
        func controlCCancels() throws {
            let result = try Self.type("ada\u{03}")
            #expect(result.status == 3, "\(result.terminal)")
            #expect(result.terminal.contains("\(Self.escape)[?2004l"), "bracketed paste is switched off again")
        }
    }
#endif
