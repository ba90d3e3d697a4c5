import FlowCompiler
import FlowEngine
import FlowModel
import Foundation
import NativeAuth
import NativeAuthURLSession

// embedded-app AUTHORITY CLIENT_ID FLOWS_DIR STATE_DIR
//
// Commands, one JSON line each: {"run": "sign-up-email-otp"} runs FLOWS_DIR/sign-up-email-otp.yaml (each ask is
// answered by the next line), {"account": true} shows who is signed in. The account is kept in
// STATE_DIR/account.json (mode 0600), so it survives the app.
let arguments = CommandLine.arguments
guard arguments.count == 5, let authority = URL(string: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: embedded-app AUTHORITY CLIENT_ID FLOWS_DIR STATE_DIR\n".utf8))
    exit(2)
}
let screen = LineScreen()
let accounts = FileAccountStore(directory: URL(fileURLWithPath: arguments[4]))
let client = NativeAuthClient(
    configuration: NativeAuthConfiguration(clientID: arguments[2]),
    transport: URLSessionTransport(authority: authority), accounts: accounts)
let compiler = FlowCompiler(catalogs: [NativeAuthClient.defaultCatalog])

while let command = screen.read() {
    if command["account"] != nil {
        screen.show("account", (try? await accounts.load())?.username ?? "")
        continue
    }
    guard let name = command["run"]?.stringValue else {
        screen.show("problem", "expected {\"run\": FLOW} or {\"account\": true}")
        continue
    }
    let compiled = compiler.compile(
        file: URL(fileURLWithPath: arguments[3]).appendingPathComponent("\(name).yaml").path)
    guard let program = compiled.program, let digest = compiled.digest else {
        screen.show("problem", compiled.diagnostics.map(\.description).joined(separator: "\n"))
        continue
    }
    let inputs = InputChannel()
    let runner = FlowRunner(program: program, digest: digest, authority: client, inputs: inputs) { event in
        if event.event == .message, let text = event.message { screen.show("message", text) }
    }
    let run = Task {
        let outcome = await runner.start()
        await inputs.finish()
        return outcome
    }
    for await request in inputs.requests {
        screen.show("ask", request)
        await inputs.respond(LineScreen.answer(screen.read()))
    }
    screen.show("ended", Ending(await run.value))
}
