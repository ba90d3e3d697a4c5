import Mustache

/// The web UI's Mustache templates. Every `{{value}}` is HTML-escaped by the engine; the one unescaped
/// `{{{body}}}` is a page these templates rendered. The pages' own words are `{{words.NAME}}` (`PageWords`), in
/// the language of the request, which the layout's `lang` and `dir` declare.
enum PageTemplates {
    /// The built-in templates by name; a theme replaces one with `templates/NAME.mustache`.
    static let builtIn = [
        "layout": layout, "flows": flowList, "start": flowStart, "session": session, "problem": problem,
    ]

    /// The names a theme's templates may have.
    static let names = builtIn.keys.sorted()

    /// The built-in templates, each replaced by the theme's of the same name.
    static func library(_ theme: PageTheme = .builtIn) throws -> MustacheLibrary {
        var library = MustacheLibrary()
        for (name, text) in builtIn {
            try library.register(theme.templates[name] ?? text, named: name)
        }
        return library
    }

    static let layout = #"""
        <!doctype html>
        <html lang="{{lang}}"{{#rightToLeft}} dir="rtl"{{/rightToLeft}}>
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{title}} · {{product}}</title>
        <link rel="stylesheet" href="/ui/style.css">
        {{#themeStyle}}<link rel="stylesheet" href="{{themeStyle}}">{{/themeStyle}}
        </head>
        <body>
        <header><a href="/">\#
        {{#logo}}<img src="{{logo}}" alt="{{product}}">{{/logo}}{{^logo}}{{product}}{{/logo}}</a></header>
        <main>
        {{{body}}}
        </main>
        </body>
        </html>

        """#

    static let flowList = #"""
        <h1>{{words.flows_heading}}</h1>
        <ul class="flows">
        {{#flows}}
        <li><a href="/ui/{{id}}{{query}}">{{title}}</a>{{#description}}<p>{{description}}</p>{{/description}}</li>
        {{/flows}}
        </ul>
        {{^flows}}<p>{{words.no_flows}}</p>{{/flows}}
        """#

    static let flowStart = #"""
        <h1>{{title}}</h1>
        {{#description}}<p>{{description}}</p>{{/description}}
        <form method="post" action="/ui/{{id}}{{query}}">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <button type="submit" autofocus>{{words.start}}</button>
        </form>
        """#

    static let session = #"""
        <h1>{{title}}</h1>
        {{#hasMessages}}
        {{#refused}}<div class="messages refusal" id="refusal" role="alert">{{/refused}}\#
        {{^refused}}<div class="messages" role="status">{{/refused}}
        {{#messages}}<p>{{.}}</p>{{/messages}}
        </div>
        {{/hasMessages}}
        {{#ask}}
        <form method="post" action="{{formAction}}{{query}}" novalidate>
        <input type="hidden" name="csrf" value="{{csrf}}">
        {{#hint}}<p class="hint" id="ask-hint">{{hint}}</p>{{/hint}}
        {{#problem}}<p class="problem" role="alert">{{problem}}</p>{{/problem}}
        {{#groups}}
        {{#legend}}<fieldset>
        <legend>{{legend}}</legend>{{/legend}}
        {{#fields}}
        <div class="field{{#invalid}} invalid{{/invalid}}">
        <label for="{{id}}">{{label}}{{^required}} <span class="optional">{{words.optional}}</span>{{/required}}</label>
        <input id="{{id}}" name="{{name}}" type="{{type}}"\#
        {{#autocomplete}} autocomplete="{{autocomplete}}"{{/autocomplete}}\#
        {{#inputmode}} inputmode="{{inputmode}}"{{/inputmode}}{{#pattern}} pattern="{{pattern}}"{{/pattern}}\#
        {{#value}} value="{{value}}"{{/value}}{{#required}} required{{/required}}\#
        {{#invalid}} aria-invalid="true"{{/invalid}}\#
        {{#describedBy}} aria-describedby="{{describedBy}}"{{/describedBy}}{{#focus}} autofocus{{/focus}}>
        {{#note}}<small id="{{id}}-note">{{note}}</small>{{/note}}
        {{#fieldProblem}}<p class="problem" id="{{id}}-problem" role="alert">{{fieldProblem}}</p>{{/fieldProblem}}
        </div>
        {{/fields}}
        {{#legend}}</fieldset>{{/legend}}
        {{/groups}}
        <div class="actions">
        <button type="submit" name="action" value="answer">{{words.continue}}</button>
        {{#choices}}\#
        <button type="submit" name="choice" value="{{name}}" class="secondary" formnovalidate>{{label}}</button>\#
        {{/choices}}
        <button type="submit" name="action" value="cancel" class="secondary" formnovalidate>{{words.cancel}}</button>
        </div>
        </form>
        {{/ask}}
        {{#end}}
        <section class="end {{outcome}}" aria-labelledby="end-heading">
        <h2 id="end-heading">{{heading}}</h2>
        {{#message}}<p>{{message}}</p>{{/message}}
        </section>
        <form method="post" action="/ui/{{id}}{{query}}">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <button type="submit">{{words.start_again}}</button>
        </form>
        {{/end}}
        {{#outbox}}
        <aside class="dev" aria-label="{{words.outbox_heading}}">
        <h2>{{words.outbox_heading}}</h2>
        <p>{{words.outbox_intro}} <bdi dir="ltr"><code>--dev-outbox</code></bdi></p>
        <ul>{{#codes}}<li><bdi dir="ltr"><code>{{code}}</code></bdi> {{words.outbox_to}} <bdi dir="ltr">{{to}}</bdi> \#
        {{words.outbox_at}} <bdi dir="ltr">{{sentAt}}</bdi></li>{{/codes}}</ul>
        {{^codes}}<p>{{words.outbox_none}}</p>{{/codes}}
        </aside>
        {{/outbox}}
        """#

    static let problem = #"""
        <h1>{{heading}}</h1>
        <p>{{message}}</p>
        <p><a href="/">{{words.all_flows}}</a></p>
        """#

    /// The stylesheet at `/ui/style.css`.
    static let style = #"""
        :root { color-scheme: light dark; --flowrun-accent: #2f5fd0; --flowrun-on-accent: #fff; \#
        --flowrun-bad: #b3261e; --flowrun-muted: #595f69; --flowrun-dev: #8a4b00; --flowrun-good: #2e7d32; \#
        --flowrun-text: #1a1a1a; --flowrun-page: #fff; }
        @media (prefers-color-scheme: dark) { :root { --flowrun-accent: #8ab4f8; --flowrun-on-accent: #0b1a33; \#
        --flowrun-bad: #ff9c94; --flowrun-muted: #b4bac4; --flowrun-dev: #ffb961; --flowrun-good: #81c995; \#
        --flowrun-text: #ececec; --flowrun-page: #121212; } }
        body { font: 16px/1.5 system-ui, sans-serif; margin: 0; color: var(--flowrun-text); \#
        background: var(--flowrun-page); }
        header { padding: .75rem 1.5rem; border-bottom: 1px solid #8884; }
        header a { font-weight: 600; text-decoration: none; color: inherit; }
        header img { display: block; height: 2rem; width: auto; }
        main { max-width: 32rem; margin: 2rem auto; padding: 0 1.5rem; }
        h1 { font-size: 1.5rem; }
        a { color: var(--flowrun-accent); }
        .flows li { margin: .75rem 0; }
        .flows p { margin: .25rem 0; color: var(--flowrun-muted); font-size: .9rem; }
        .field { margin: 1rem 0; } label { display: block; font-weight: 600; margin-bottom: .25rem; }
        .optional { font-weight: 400; color: var(--flowrun-muted); }
        fieldset { border: 1px solid #8886; border-radius: 8px; padding: .25rem 1rem; margin: 1rem 0; }
        legend { font-weight: 600; padding: 0 .25rem; }
        input { font: inherit; width: 100%; box-sizing: border-box; padding: .5rem .6rem; border: 1px solid #767676; \#
        border-radius: 6px; color: inherit; background: var(--flowrun-page); }
        input:focus, button:focus { outline: 3px solid var(--flowrun-accent); outline-offset: 1px; }
        .invalid input { border: 2px solid var(--flowrun-bad); }
        .problem { color: var(--flowrun-bad); margin: .25rem 0; } .hint, small { color: var(--flowrun-muted); }
        .messages { border-left: 4px solid var(--flowrun-accent); padding: .25rem .75rem; margin: 1rem 0; }
        .messages.refusal { border-left-color: var(--flowrun-bad); color: var(--flowrun-bad); font-weight: 600; }
        .actions { display: flex; gap: .5rem; flex-wrap: wrap; margin-top: 1.25rem; }
        button { font: inherit; padding: .5rem 1rem; border-radius: 6px; border: 1px solid var(--flowrun-accent); \#
        background: var(--flowrun-accent); color: var(--flowrun-on-accent); cursor: pointer; }
        button.secondary { background: transparent; color: var(--flowrun-accent); }
        .end { padding: 1rem; border-radius: 8px; border: 2px solid #8886; margin: 1rem 0; }
        .end.success { border-color: var(--flowrun-good); } .end.failure { border-color: var(--flowrun-bad); }
        .end h2 { margin-top: 0; }
        .dev { margin-top: 2rem; padding: .75rem 1rem; border: 2px dashed var(--flowrun-dev); border-radius: 8px; }
        .dev h2 { font-size: 1rem; color: var(--flowrun-dev); margin: 0 0 .5rem; }

        """#
}
