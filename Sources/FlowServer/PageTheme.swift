import Foundation
import Mustache
import Yams

/// A team's look for the web UI and the sign-in pages (`flowrun serve --ui-theme DIR`), read once when the server
/// starts: a `style.css` linked after the built-in sheet, a `logo.svg` or `logo.png` shown in the header, a
/// `theme.yaml` naming the product, and `templates/NAME.mustache` files that replace the built-in templates of
/// the same name. Every file is optional; a file the theme cannot use is refused with its path.
public struct PageTheme: Sendable {
    /// The product's name: the header's text, or the logo's alternative text, and the end of every page title.
    public var product: String
    /// The theme's stylesheet, served at ``stylePath``.
    public var style: [UInt8]?
    public var logo: Logo?
    /// The templates that replace built-in ones, by name, each already parsed once.
    public var templates: [String: String]

    /// A logo file and its content type.
    public struct Logo: Sendable {
        public var path: String
        public var contentType: String
        public var bytes: [UInt8]
    }

    /// A theme file that cannot be used: the file, with the line and column where a template does not parse.
    public struct Problem: Error, CustomStringConvertible {
        public var description: String
    }

    /// The built-in look: no stylesheet, no logo, no template replaced.
    public static let builtIn = PageTheme(product: "flowrun", style: nil, logo: nil, templates: [:])

    /// The path of the theme's stylesheet, with a digest of its content, so that no cache between the server and
    /// the browser keeps an old one.
    public var stylePath: String? {
        style.map { "/ui/theme.css?v=" + Self.digest($0) }
    }

    /// Reads the theme of `folder`; refuses a missing folder, a file outside it, an unknown template name, a
    /// template that does not parse or that writes a value unescaped, and a `theme.yaml` with an unknown key.
    public static func load(folder: String) throws(Problem) -> PageTheme {
        let root = URL(fileURLWithPath: folder).standardizedFileURL.resolvingSymlinksInPath()
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw Problem(description: "--ui-theme: no theme folder at '\(folder)'")
        }
        let files = ThemeFiles(root: root, shown: folder)
        var theme = PageTheme.builtIn
        if let settings = try files.read("theme.yaml") {
            theme.product = try Self.product(in: settings, file: files.shown("theme.yaml"))
        }
        theme.style = try files.read("style.css")
        for (name, type) in [("logo.svg", "image/svg+xml"), ("logo.png", "image/png")] {
            guard let bytes = try files.read(name) else { continue }
            guard theme.logo == nil else {
                throw Problem(description: "\(files.shown(name)): a theme has one logo, logo.svg or logo.png")
            }
            theme.logo = Logo(path: "/ui/" + name, contentType: type, bytes: bytes)
        }
        for name in try files.names(in: "templates") where !name.hasPrefix(".") {
            let file = "templates/" + name
            guard name.hasSuffix(".mustache"), PageTemplates.names.contains(String(name.dropLast(9))) else {
                throw Problem(
                    description: "\(files.shown(file)): not a template of the pages; a theme replaces "
                        + PageTemplates.names.map { $0 + ".mustache" }.joined(separator: ", "))
            }
            guard let bytes = try files.read(file) else { continue }
            let text = String(decoding: bytes, as: UTF8.self)
            try Self.check(text, named: String(name.dropLast(9)), file: files.shown(file))
            theme.templates[String(name.dropLast(9))] = text
        }
        return theme
    }

    /// The product name of a `theme.yaml`: `product: NAME`, its only key.
    private static func product(in settings: [UInt8], file: String) throws(Problem) -> String {
        struct Settings: Decodable {
            var product: String
        }
        do {
            let product = try YAMLDecoder().decode(Settings.self, from: Data(settings)).product
            guard !product.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw Problem(description: "\(file): `product` must not be empty")
            }
            let keys = try (Yams.load(yaml: String(decoding: settings, as: UTF8.self)) as? [String: Any])?.keys
            if let unknown = keys?.first(where: { $0 != "product" }) {
                throw Problem(description: "\(file): unknown key `\(unknown)`; a theme.yaml has only `product`")
            }
            return product
        } catch let problem as Problem {
            throw problem
        } catch {
            throw Problem(description: "\(file): not a mapping with `product: NAME` (\(error))")
        }
    }

    /// Refuses a template that does not parse, or that writes a value unescaped (`{{{…}}}`, `{{&…}}`) other than
    /// the layout's `{{{body}}}`, the page the other templates rendered.
    private static func check(_ text: String, named name: String, file: String) throws(Problem) {
        do {
            _ = try MustacheTemplate(string: text)
        } catch let error as MustacheTemplate.ParserError {
            let place = "\(error.context.lineNumber):\(error.context.columnNumber)"
            throw Problem(description: "\(file):\(place): the template does not parse: \(error.error)")
        } catch {
            throw Problem(description: "\(file): the template does not parse: \(error)")
        }
        var rest = text.replacingOccurrences(of: " ", with: "")
        if name == "layout" { rest = rest.replacingOccurrences(of: "{{{body}}}", with: "") }
        if rest.contains("{{{") || rest.contains("{{&") || rest.contains("{{=") {
            throw Problem(
                description: "\(file): writes a value unescaped or changes the delimiters; theme templates keep "
                    + "escaping on ({{value}}), only the layout's {{{body}}} is written as it is")
        }
    }

    /// A short digest of `bytes` (64-bit FNV-1a) that changes with the content, for cache busting.
    static func digest(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return String(hash, radix: 16)
    }
}

/// The files of a theme folder, each read only when its real path (symbolic links resolved) is inside the folder.
private struct ThemeFiles {
    var root: URL
    /// The folder as the command line named it, for messages.
    var shown: String

    func shown(_ file: String) -> String {
        (shown.hasSuffix("/") ? shown : shown + "/") + file
    }

    /// The real location of `file`, refused when it leads outside the folder.
    private func inside(_ file: String) throws(PageTheme.Problem) -> URL {
        let url = root.appendingPathComponent(file).standardizedFileURL.resolvingSymlinksInPath()
        guard url.path.hasPrefix(root.path + "/") else {
            throw PageTheme.Problem(description: "\(shown(file)): leads outside the theme folder")
        }
        return url
    }

    /// The bytes of `file`, or nil when the folder has none.
    func read(_ file: String) throws(PageTheme.Problem) -> [UInt8]? {
        let url = try inside(file)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return nil }
        guard !isFolder.boolValue, let data = FileManager.default.contents(atPath: url.path) else {
            throw PageTheme.Problem(description: "\(shown(file)): cannot be read as a file")
        }
        return Array(data)
    }

    /// The names in the folder `sub`, sorted; none when there is no such folder.
    func names(in sub: String) throws(PageTheme.Problem) -> [String] {
        let url = try inside(sub)
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        do {
            return try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
        } catch {
            throw PageTheme.Problem(description: "\(shown(sub)): cannot be listed")
        }
    }
}
