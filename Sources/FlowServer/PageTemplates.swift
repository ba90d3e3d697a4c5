import Mustache

/// The web UI's Mustache templates. Every `{{value}}` is HTML-escaped by the engine; the one unescaped
/// `{{{body}}}` is a page these templates rendered. The pages' own words are `{{words.NAME}}` (`PageWords`), in
/// the language of the request, which the layout's `lang` and `dir` declare.
enum PageTemplates {
    static func library() throws -> MustacheLibrary {
        var library = MustacheLibrary()
        try library.register(layout, named: "layout")
        try library.register(flowList, named: "flows")
        try library.register(flowStart, named: "start")
        try library.register(session, named: "session")
        try library.register(problem, named: "problem")
        return library
    }

    static let layout = #"""
        <!doctype html>
        <html lang="{{lang}}"{{#rightToLeft}} dir="rtl"{{/rightToLeft}}>
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{title}} · flowrun</title>
        <link rel="stylesheet" href="/ui/style.css">
        </head>
        <body>
        <header><a href="/">flowrun</a></header>
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
        <form method="post" action="/ui/{{id}}/session{{query}}" novalidate>
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
        :root { color-scheme: light dark; --accent: #2f5fd0; --on-accent: #fff; --bad: #b3261e; --muted: #595f69; \#
        --dev: #8a4b00; --good: #2e7d32; --text: #1a1a1a; --page: #fff; }
        @media (prefers-color-scheme: dark) { :root { --accent: #8ab4f8; --on-accent: #0b1a33; --bad: #ff9c94; \#
        --muted: #b4bac4; --dev: #ffb961; --good: #81c995; --text: #ececec; --page: #121212; } }
        body { font: 16px/1.5 system-ui, sans-serif; margin: 0; color: var(--text); background: var(--page); }
        header { padding: .75rem 1.5rem; border-bottom: 1px solid #8884; }
        header a { font-weight: 600; text-decoration: none; color: inherit; }
        main { max-width: 32rem; margin: 2rem auto; padding: 0 1.5rem; }
        h1 { font-size: 1.5rem; }
        a { color: var(--accent); }
        .flows li { margin: .75rem 0; } .flows p { margin: .25rem 0; color: var(--muted); font-size: .9rem; }
        .field { margin: 1rem 0; } label { display: block; font-weight: 600; margin-bottom: .25rem; }
        .optional { font-weight: 400; color: var(--muted); }
        fieldset { border: 1px solid #8886; border-radius: 8px; padding: .25rem 1rem; margin: 1rem 0; }
        legend { font-weight: 600; padding: 0 .25rem; }
        input { font: inherit; width: 100%; box-sizing: border-box; padding: .5rem .6rem; border: 1px solid #767676; \#
        border-radius: 6px; color: inherit; background: var(--page); }
        input:focus, button:focus { outline: 3px solid var(--accent); outline-offset: 1px; }
        .invalid input { border: 2px solid var(--bad); }
        .problem { color: var(--bad); margin: .25rem 0; } .hint, small { color: var(--muted); }
        .messages { border-left: 4px solid var(--accent); padding: .25rem .75rem; margin: 1rem 0; }
        .messages.refusal { border-left-color: var(--bad); color: var(--bad); font-weight: 600; }
        .actions { display: flex; gap: .5rem; flex-wrap: wrap; margin-top: 1.25rem; }
        button { font: inherit; padding: .5rem 1rem; border-radius: 6px; border: 1px solid var(--accent); \#
        background: var(--accent); color: var(--on-accent); cursor: pointer; }
        button.secondary { background: transparent; color: var(--accent); }
        .end { padding: 1rem; border-radius: 8px; border: 2px solid #8886; margin: 1rem 0; }
        .end.success { border-color: var(--good); } .end.failure { border-color: var(--bad); }
        .end h2 { margin-top: 0; }
        .dev { margin-top: 2rem; padding: .75rem 1rem; border: 2px dashed var(--dev); border-radius: 8px; }
        .dev h2 { font-size: 1rem; color: var(--dev); margin: 0 0 .5rem; }

        """#
}
