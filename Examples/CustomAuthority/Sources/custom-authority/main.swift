import FlowCompiler
import FlowEngine
import FlowLoader
import FlowModel
import Foundation

// Runs flows/magic-sign-in.yaml against MagicLinkAuthority: the catalog and the flow are checked as
// `flowrun validate --catalog magic-link.json` checks them, and the "user" answers from the service's outbox.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
let email = CommandLine.arguments.dropFirst().first ?? "ada@example.com"

let catalog = try CatalogLoader().load(file: root.appendingPathComponent("magic-link.json").path)
let compiled = FlowCompiler(catalogs: [catalog]).compile(
    file: root.appendingPathComponent("flows/magic-sign-in.yaml").path)
guard let program = compiled.program, let digest = compiled.digest else {
    for diagnostic in compiled.diagnostics { print(diagnostic) }
    exit(2)
}
let authority = MagicLinkAuthority(catalog: catalog, users: ["ada@example.com"])
let inputs = InputChannel()
let runner = FlowRunner(program: program, digest: digest, authority: authority, inputs: inputs) { event in
    if event.event == .message, let text = event.message { print(text) }
}
let run = Task {
    let outcome = await runner.start()
    await inputs.finish()
    return outcome
}
var emailAsks = 0
for await request in inputs.requests {
    if let hint = request.hint { print(hint) }
    switch request.fields.first?.name {
    case "email":
        emailAsks += 1
        // This user knows only one address: asked again, they give up.
        await inputs.respond(emailAsks == 1 ? .values(["email": .string(email)]) : .cancel)
    case "token": await inputs.respond(.values(["token": .string(await authority.outbox[email] ?? "")]))
    default: await inputs.respond(.cancel)
    }
}
switch await run.value {
case .ended(let end) where end.kind == .success:
    exit(0)
case let other:
    print("not signed in: \(other)")
    exit(1)
}
