import Foundation
import TestSupport
import Testing

/// `flowrun serve --ui-theme DIR` through the real binary: the example theme's stylesheet, logo, product name and
/// start template on the pages, and the themes that are refused before the server starts.
@Suite("page themes")
struct PageThemeTests {
    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/theme")

    @Test(
        "the example theme's sheet is linked after the built-in one, its logo and template are served, the CSP holds",
        .enabled(if: FlowrunBinary.find() != nil))
    func exampleTheme() async throws {
        try await FlowRunnerAPITests.withServer(["--ui-theme", Self.example.path]) { client, _ in
            let list = try await TestHTTP.get(client.origin + "/")
            let html = String(decoding: list.data, as: UTF8.self)
            let builtIn = try #require(html.range(of: #"<link rel="stylesheet" href="/ui/style.css">"#))
            let themed = try #require(html.range(of: #"<link rel="stylesheet" href="/ui/theme.css?v="#), "\(html)")
            #expect(builtIn.upperBound <= themed.lowerBound)
            #expect(html.contains(#"<img src="/ui/logo.svg" alt="Contoso">"#))
            #expect(html.contains("<title>Flows · Contoso</title>"))
            #expect(!html.contains("style="))
            let policy = try #require(list.header("Content-Security-Policy"))
            #expect(policy.contains("default-src 'none'; style-src 'self'; img-src 'self';"))
            #expect(!policy.contains("unsafe"))

            let version = String(html[themed.upperBound...].prefix { $0 != "\"" })
            let sheet = try await TestHTTP.get(client.origin + "/ui/theme.css?v=" + version)
            #expect(sheet.status == 200)
            #expect(sheet.header("Content-Type") == "text/css; charset=utf-8")
            #expect(sheet.header("Cache-Control") == "no-store")
            #expect(sheet.data == (try Data(contentsOf: Self.example.appendingPathComponent("style.css"))))
            let logo = try await TestHTTP.get(client.origin + "/ui/logo.svg")
            #expect(logo.status == 200)
            #expect(logo.header("Content-Type") == "image/svg+xml")
            #expect(logo.data == (try Data(contentsOf: Self.example.appendingPathComponent("logo.svg"))))
            #expect(try await TestHTTP.get(client.origin + "/ui/logo.png").status == 404)

            // The theme's start template, and a session started through its form.
            let start = try await TestHTTP.get(client.origin + "/ui/sign-up-email-otp")
            let startPage = String(decoding: start.data, as: UTF8.self)
            #expect(startPage.contains(#"<section class="welcome""#), "\(startPage)")
            let session = try await FlowPagesTests.startSession("sign-up-email-otp", at: client.origin)
            let asked = try await FlowPagesTests.get(session.page, cookie: session.cookies)
            #expect(asked.status == 200)
            #expect(String(decoding: asked.data, as: UTF8.self).contains(#"type="email""#))
        }
    }

    @Test(
        "without a theme the pages are flowrun's, with no theme sheet, logo or image source",
        .enabled(if: FlowrunBinary.find() != nil))
    func noTheme() async throws {
        try await FlowRunnerAPITests.withServer { client, _ in
            let list = try await TestHTTP.get(client.origin + "/")
            let html = String(decoding: list.data, as: UTF8.self)
            #expect(html.contains(#"<header><a href="/">flowrun</a></header>"#), "\(html)")
            #expect(!html.contains("theme.css"))
            #expect(list.header("Content-Security-Policy")?.contains("img-src") == false)
            #expect(try await TestHTTP.get(client.origin + "/ui/theme.css").status == 404)
        }
    }

    @Test(
        "a theme's layout replaces the built-in one, writing the page with {{{body}}}; a theme of one sheet works alone",
        .enabled(if: FlowrunBinary.find() != nil))
    func layoutAndSheetAlone() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("theme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("templates"), withIntermediateDirectories: true)
        try ":root { --flowrun-accent: #7a1f5c; }\n".write(
            to: folder.appendingPathComponent("style.css"), atomically: true, encoding: .utf8)
        let layout = """
            <!doctype html>
            <html lang="en"><head><title>{{title}} at {{product}}</title>
            <link rel="stylesheet" href="/ui/style.css">{{#themeStyle}}<link rel="stylesheet" href="{{themeStyle}}">\
            {{/themeStyle}}</head>
            <body><main class="team-layout">{{{body}}}</main></body></html>
            """
        try layout.write(
            to: folder.appendingPathComponent("templates/layout.mustache"), atomically: true, encoding: .utf8)
        try await FlowRunnerAPITests.withServer(["--ui-theme", folder.path]) { client, _ in
            let list = try await TestHTTP.get(client.origin + "/")
            let html = String(decoding: list.data, as: UTF8.self)
            #expect(html.contains("<title>Flows at flowrun</title>"), "\(html)")
            #expect(html.contains(#"<main class="team-layout"><h1>Flows</h1>"#), "\(html)")
            #expect(html.contains(#"<link rel="stylesheet" href="/ui/theme.css?v="#))
            #expect(list.header("Content-Security-Policy")?.contains("img-src") == false)
        }
    }

    @Test("a theme.yaml with a key other than product is refused", .enabled(if: FlowrunBinary.find() != nil))
    func unknownSetting() async throws {
        let error = try await Self.refused { theme in
            try "product: Contoso\ncolour: green\n".write(
                to: theme.appendingPathComponent("theme.yaml"), atomically: true, encoding: .utf8)
        }
        #expect(error.contains("theme/theme.yaml: unknown key `colour`"), "\(error)")
    }

    /// A copy of the example theme changed by `change`, served: the server's standard error after it exited 2.
    static func refused(_ change: (URL) throws -> Void) async throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("theme-\(UUID().uuidString)")
        let theme = folder.appendingPathComponent("theme")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: example, to: theme)
        try change(theme)
        let served = try ServedFlowrun.start(
            ["--flows", FlowRunnerAPITests.flows, "--config", "authority.yaml", "--ui-theme", theme.path],
            folder: folder)
        for _ in 0..<400 where served.process.isRunning { try await Task.sleep(for: .milliseconds(50)) }
        #expect(!served.process.isRunning)
        #expect(served.process.terminationStatus == 2)
        #expect(served.stdout.isEmpty)
        return served.stderr
    }

    @Test(
        "a template that does not parse is refused with its file, line and column",
        .enabled(if: FlowrunBinary.find() != nil))
    func templateThatDoesNotParse() async throws {
        let error = try await Self.refused { theme in
            try "<h1>{{heading}}</h1>\n<p>{{#message}}{{message}}{{/messages}}</p>\n".write(
                to: theme.appendingPathComponent("templates/problem.mustache"), atomically: true, encoding: .utf8)
        }
        #expect(error.contains("theme/templates/problem.mustache:2:"), "\(error)")
        #expect(error.contains("does not parse"), "\(error)")
    }

    @Test("a template with a name the pages do not have is refused", .enabled(if: FlowrunBinary.find() != nil))
    func unknownTemplate() async throws {
        let error = try await Self.refused { theme in
            try "<h1>Hi</h1>\n".write(
                to: theme.appendingPathComponent("templates/welcome.mustache"), atomically: true, encoding: .utf8)
        }
        #expect(error.contains("theme/templates/welcome.mustache: not a template of the pages"), "\(error)")
        #expect(error.contains("layout.mustache, problem.mustache, session.mustache, start.mustache"), "\(error)")
    }

    @Test("a template that writes a value unescaped is refused", .enabled(if: FlowrunBinary.find() != nil))
    func unescapedValue() async throws {
        let error = try await Self.refused { theme in
            try "<h1>{{{ heading }}}</h1>\n".write(
                to: theme.appendingPathComponent("templates/problem.mustache"), atomically: true, encoding: .utf8)
        }
        #expect(error.contains("theme/templates/problem.mustache: writes a value unescaped"), "\(error)")
    }

    @Test(
        "a theme file that is a link out of the folder, and a missing folder, are refused",
        .enabled(if: FlowrunBinary.find() != nil))
    func confinedToTheFolder() async throws {
        let escaped = try await Self.refused { theme in
            let outside = theme.deletingLastPathComponent().appendingPathComponent("secret.css")
            try "body {}".write(to: outside, atomically: true, encoding: .utf8)
            try FileManager.default.removeItem(at: theme.appendingPathComponent("style.css"))
            try FileManager.default.createSymbolicLink(
                at: theme.appendingPathComponent("style.css"), withDestinationURL: outside)
        }
        #expect(escaped.contains("theme/style.css: leads outside the theme folder"), "\(escaped)")
        let missing = try await Self.refused { theme in try FileManager.default.removeItem(at: theme) }
        #expect(missing.contains("--ui-theme: no theme folder at"), "\(missing)")
    }
}
