#!/usr/bin/env python3
"""Runs axe-core over every state of the web UI's pages that the library's flows reach, in headless Chromium.

Usage: accessibility-test.py FLOWRUN_BINARY [--screenshots DIR] [--ui-theme DIR] [--languages en,fr,de,ar]

Starts `flowrun serve --flows F --dev-outbox` as scripts/browser-ui-test.py does (its `Session`), then checks with
axe-core (the `axe-selenium-python` package ships it) its WCAG 2 A and AA rules on: the flow list; the start
page of every flow served; each ask of a sign-up, a password sign-up and a sign-up with attributes; a refused
email, a refused password and a wrong code; a success, a failure and a cancelled end; and the same pages again in
a dark colour scheme; then every state again in each language the library and the pages are translated to
(`?lang=`: French, German and Arabic, right to left), in the light scheme. `--languages en,ar` runs only those.
With `--ui-theme DIR`, the server serves that theme (docs/themes.md), so its pages are the ones checked. Prints
`PASS page` / `FAIL page: violations` per page and `N passed, M failed`; exit 1 when a page has a violation, 2
when the run could not be made.
"""

import importlib.util
import json
import os
import shutil
import sys
import tempfile
import urllib.request

try:
    from axe_selenium_python import Axe
except ImportError:
    print("accessibility-test: needs axe-selenium-python (python3 -m pip install axe-selenium-python)",
          file=sys.stderr)
    sys.exit(2)

HERE = os.path.dirname(os.path.abspath(__file__))
SPEC = importlib.util.spec_from_file_location("browser_ui_test", os.path.join(HERE, "browser-ui-test.py"))
browser_ui = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(browser_ui)

# The axe-core that axe-selenium-python ships (3.1) tags its rules wcag2a and wcag2aa; it knows no wcag21 tags.
RUN = """
var done = arguments[arguments.length - 1];
axe.run(document, {runOnly: {type: "tag", values: ["wcag2a", "wcag2aa"]}})
    .then(function (results) { done({violations: results.violations}); })
    .catch(function (error) { done({error: String(error)}); });
"""


class Checker:
    """axe-core over each page a journey stops at."""

    def __init__(self, session):
        self.session = session
        self.passed = 0
        self.failed = 0

    def page(self, name):
        Axe(self.session.browser).inject()
        self.session.browser.set_script_timeout(120)
        results = self.session.browser.execute_async_script(RUN)
        browser_ui.check("error" not in results, f"axe-core could not run on {name}: {results.get('error')}")
        violations = results["violations"]
        self.session.save(name)
        if violations:
            self.failed += 1
            details = "; ".join(
                f"{violation['id']} ({violation['impact']}): "
                + ", ".join(node["target"][0] for node in violation["nodes"][:3])
                + (f" — {violation['nodes'][0].get('failureSummary', '').splitlines()[-1].strip()}"
                   if violation["nodes"] else "")
                for violation in violations)
            print(f"FAIL {name}: {details}")
        else:
            self.passed += 1
            print(f"PASS {name}")


def expect(session, text, why):
    browser_ui.check(text in session.text(), f"{why}: {session.text()[:300]}")


def wrong(code):
    return "00000000" if code != "00000000" else "11111111"


# The words a journey presses and reads, in each language it runs in.
WORDS = {
    "en": {"start": "Start", "continue": "Continue", "cancel": "Cancel", "wrong code": "The code is incorrect",
           "signed up": "Signed up successfully"},
    "fr": {"start": "Commencer", "continue": "Continuer", "cancel": "Annuler", "wrong code": "Le code est incorrect",
           "signed up": "Inscription réussie"},
    "de": {"start": "Starten", "continue": "Weiter", "cancel": "Abbrechen", "wrong code": "Der Code ist falsch",
           "signed up": "Erfolgreich registriert"},
    "ar": {"start": "ابدأ", "continue": "متابعة", "cancel": "إلغاء", "wrong code": "الرمز غير صحيح",
           "signed up": "تم إنشاء الحساب بنجاح"},
}


def journeys(session, checker, scheme, language="en"):
    words = WORDS[language]
    query = "" if language == "en" else f"?lang={language}"
    label = scheme if language == "en" else f"{scheme} {language}"

    def start(flow):
        session.open(f"/ui/{flow}{query}")
        session.press(words["start"])

    session.open(f"/{query}")
    html = session.browser.find_element("tag name", "html")
    browser_ui.check(html.get_attribute("lang") == language, f"<html lang> is {html.get_attribute('lang')!r}")
    browser_ui.check((html.get_attribute("dir") == "rtl") == (language == "ar"), "<html dir> does not fit")
    checker.page(f"{label} flow list")
    with urllib.request.urlopen(session.origin + "/api/v1/flows", timeout=30) as response:
        flows = [flow["id"] for flow in json.load(response)["flows"]]
    for flow in flows:
        session.open(f"/ui/{flow}{query}")
        checker.page(f"{label} start page of {flow}")

    start("sign-up-email-otp")
    checker.page(f"{label} ask for an email")
    session.type("email", "not an address")
    session.press(words["continue"])
    browser_ui.check(session.browser.find_elements("name", "email"), "the malformed email was not asked again")
    checker.page(f"{label} a refused email")
    address = f"ada-{scheme}-{language}@contoso.com"
    session.type("email", address)
    session.press(words["continue"])
    checker.page(f"{label} ask for a code, with the development outbox")
    session.type("code", wrong(session.dev_code()))
    session.press(words["continue"])
    expect(session, words["wrong code"], "no refusal of the wrong code")
    checker.page(f"{label} a wrong code")
    session.type("code", session.dev_code())
    session.press(words["continue"])
    expect(session, words["signed up"], "no sign-up")
    checker.page(f"{label} a success end")

    start("sign-up-password")
    session.type("email", f"bo-{scheme}-{language}@contoso.com")
    session.type("password", "short")
    session.press(words["continue"])
    browser_ui.check(session.browser.find_elements("name", "password"), "the short password was not asked again")
    if language == "en":
        expect(session, "The password is too short.", "no refusal of the password in words")
    checker.page(f"{label} a refused password")
    session.press(words["cancel"])
    checker.page(f"{label} a cancelled end")

    start("sign-up-with-attributes")
    checker.page(f"{label} ask with attributes in a fieldset")

    start("sign-in-email-otp")
    session.type("email", address)
    session.press(words["continue"])
    for _ in range(3):
        session.type("code", wrong(session.dev_code()))
        session.press(words["continue"])
    browser_ui.check(not session.browser.find_elements("name", "code"), "still asked for a code after 3 wrong")
    checker.page(f"{label} a failure end")


def main():
    arguments = sys.argv[1:]
    if not arguments:
        print("usage: accessibility-test.py FLOWRUN_BINARY [--screenshots DIR] [--ui-theme DIR] [--languages en,fr,de,ar]", file=sys.stderr)
        return 2
    screenshots = None
    if "--screenshots" in arguments:
        screenshots = arguments[arguments.index("--screenshots") + 1]
    theme = []
    if "--ui-theme" in arguments:
        theme = ["--ui-theme", os.path.abspath(arguments[arguments.index("--ui-theme") + 1])]
    screenshots = screenshots or tempfile.mkdtemp(prefix="flowrun-a11y-shots-")
    os.makedirs(screenshots, exist_ok=True)
    if not shutil.which("chromium") or not shutil.which("chromedriver"):
        print("accessibility-test: needs Debian's chromium and chromium-driver", file=sys.stderr)
        return 2
    languages = list(WORDS)
    if "--languages" in arguments:
        languages = arguments[arguments.index("--languages") + 1].split(",")
        if not set(languages) <= set(WORDS):
            print(f"accessibility-test: --languages takes some of {','.join(WORDS)}", file=sys.stderr)
            return 2
    session = browser_ui.Session(os.path.abspath(arguments[0]), screenshots, theme)
    checker = Checker(session)
    runs = [(scheme, "en") for scheme in ["light", "dark"] if "en" in languages]
    runs += [("light", language) for language in languages if language != "en"]
    try:
        for scheme, language in runs:
            session.browser.execute_cdp_cmd(
                "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
            try:
                journeys(session, checker, scheme, language)
            except Exception as error:  # a journey that cannot go on is a failure; the other runs still run
                checker.failed += 1
                print(f"FAIL {scheme} {language} journey: {error}")
    finally:
        session.close()
    print(f"{checker.passed} passed, {checker.failed} failed; screenshots in {screenshots}")
    return 1 if checker.failed else 0


if __name__ == "__main__":
    sys.exit(main())
