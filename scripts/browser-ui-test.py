#!/usr/bin/env python3
"""Drives the web UI of `flowrun serve --flows` in headless Chromium, as a user would.

Usage: browser-ui-test.py FLOWRUN_BINARY [--screenshots DIR]

Starts `flowrun serve --flows F --dev-outbox` on 127.0.0.1 (F: a copy of the library's flows plus a flow whose
title and messages are HTML), then with Selenium and Debian's chromium-driver, in a Chromium that reaches
nothing beyond 127.0.0.1:
- signs a user up with the code read from the development panel, after a wrong code;
- signs in with a wrong code, then the right one;
- resets the password and signs in with the new one;
- checks the field types and autocomplete hints (username, current-password, new-password, one-time-code),
  that every text from a flow is escaped, the security headers, and that a form posted without the CSRF token
  (or with another one) is refused and changes nothing.
Screenshots of each page of the sign-up go to DIR (default: a temporary folder, printed). Prints `PASS name` /
`FAIL name: why` per journey and `N passed, M failed`; exit 1 when one failed, 2 when the run could not be made.
"""

import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:
    print("browser-ui-test: needs selenium (python3 -m pip install selenium)", file=sys.stderr)
    sys.exit(2)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HOSTILE = '"><script>alert(1)</script>'
ESCAPE_FLOW = f"""flowrun: 1
id: escape
title: '{HOSTILE} title'
description: '{HOSTILE} description'
inputs:
  name: {{ type: text, label: '{HOSTILE} label' }}
start: ask_name
steps:
  ask_name:
    ask: [name]
    hint: '{HOSTILE} hint'
    next: done
  done:
    end: success
    message: "Hello ${{name}}"
    output: {{ name: "${{name}}" }}
"""


class Failure(Exception):
    pass


def check(condition, why):
    if not condition:
        raise Failure(why)


class Session:
    """One browser, one server."""

    def __init__(self, binary, screenshots, serve_arguments=()):
        self.folder = tempfile.mkdtemp(prefix="flowrun-ui-")
        flows = os.path.join(self.folder, "flows")
        shutil.copytree(os.path.join(ROOT, "flows"), flows, ignore=shutil.ignore_patterns("tests"))
        with open(os.path.join(flows, "escape.yaml"), "w") as handle:
            handle.write(ESCAPE_FLOW)
        with open(os.path.join(self.folder, "authority.yaml"), "w") as handle:
            handle.write("passwordHash: { iterations: 1000 }\n")
        self.log = open(os.path.join(self.folder, "serve.log"), "w")
        self.server = subprocess.Popen(
            [binary, "serve", "--port", "0", "--flows", flows, "--dev-outbox", "--config", "authority.yaml",
             "--state-dir", os.path.join(self.folder, "state"), *serve_arguments],
            cwd=self.folder, stdout=subprocess.PIPE, stderr=self.log, text=True)
        line = self.server.stdout.readline()
        prefix = "flowrun serve: listening on "
        if not line.startswith(prefix):
            raise SystemExit(f"browser-ui-test: flowrun serve did not start: {line!r}")
        self.origin = line[len(prefix):].strip().rsplit("/", 1)[0]
        self.screenshots = screenshots
        self.shot = 0
        options = webdriver.ChromeOptions()
        options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
        for argument in [
            "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=900,1000",
            "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
            "--proxy-server=http://127.0.0.1:9", "--proxy-bypass-list=127.0.0.1",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--disable-default-apps", "--disable-extensions", "--no-first-run",
            "--disable-features=OptimizationHints,MediaRouter,Translate,AutofillServerCommunication",
        ]:
            options.add_argument(argument)
        driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
        self.browser = webdriver.Chrome(service=Service(executable_path=driver_path), options=options)
        self.browser.set_page_load_timeout(30)

    def close(self):
        self.browser.quit()
        self.server.terminate()
        try:
            self.server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.server.kill()

    # -- the browser --------------------------------------------------------------------------------------------

    def open(self, path):
        self.browser.get(self.origin + path)

    def save(self, name):
        self.shot += 1
        path = os.path.join(self.screenshots, f"{self.shot:02d}-{name}.png")
        self.browser.save_screenshot(path)

    def field(self, name):
        return self.browser.find_element(By.NAME, name)

    def type(self, name, text):
        element = self.field(name)
        element.clear()
        element.send_keys(text)

    def press(self, label):
        """Clicks the button and waits until the page it leads to has loaded."""
        for button in self.browser.find_elements(By.TAG_NAME, "button"):
            if button.text.strip() == label:
                page = self.browser.find_element(By.TAG_NAME, "html")
                button.click()
                WebDriverWait(self.browser, 30).until(lambda _: self.gone(page))
                WebDriverWait(self.browser, 30).until(
                    lambda browser: browser.execute_script("return document.readyState") == "complete")
                return
        raise Failure(f"no button {label!r} on {self.browser.current_url}: {self.text()[:300]}")

    @staticmethod
    def gone(element):
        """Whether the element's page has been replaced (Chromium reports that in more than one way)."""
        try:
            element.tag_name
            return False
        except Exception:
            return True

    def text(self):
        return self.browser.find_element(By.TAG_NAME, "main").text

    def start(self, flow):
        self.open(f"/ui/{flow}")
        self.press("Start")

    def dev_code(self):
        codes = self.browser.find_elements(By.CSS_SELECTOR, "aside.dev li code")
        check(codes, f"no code in the development panel: {self.text()[:300]}")
        return codes[0].text

    def attributes(self, name):
        element = self.field(name)
        return {key: element.get_attribute(key) for key in ("type", "autocomplete", "inputmode")}

    # -- plain HTTP ---------------------------------------------------------------------------------------------

    def post(self, path, fields, cookie=None):
        """POSTs a form without following a redirect: (status, headers, body)."""
        request = urllib.request.Request(
            self.origin + path, data=urllib.parse.urlencode(fields).encode(), method="POST",
            headers={"Content-Type": "application/x-www-form-urlencoded", **({"Cookie": cookie} if cookie else {})})

        class NoRedirect(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *args, **kwargs):
                return None

        try:
            with urllib.request.build_opener(NoRedirect).open(request, timeout=30) as response:
                return response.status, dict(response.headers), response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers), error.read().decode()


def sign_up(session):
    session.open("/")
    session.save("flows")
    check("Sign up with an email one-time passcode" in session.text(), "the flow list lacks the sign-up")
    session.open("/ui/sign-up-email-otp")
    session.save("start")
    session.press("Start")
    check(session.attributes("email") == {"type": "email", "autocomplete": "username", "inputmode": "email"},
          f"email field: {session.attributes('email')}")
    session.save("ask-email")
    session.type("email", "ada@contoso.com")
    session.press("Continue")
    check(session.attributes("code") == {"type": "text", "autocomplete": "one-time-code", "inputmode": "numeric"},
          f"code field: {session.attributes('code')}")
    check("Development outbox" in session.text(), "no development panel")
    code = session.dev_code()
    session.save("ask-code")
    session.type("code", "00000000" if code != "00000000" else "11111111")
    session.press("Continue")
    check("The code is incorrect" in session.text(), f"no refusal of the wrong code: {session.text()[:300]}")
    session.save("wrong-code")
    check(code not in session.browser.page_source.replace(f"<code>{code}</code>", ""),
          "the code appears in the page outside the development panel")
    session.type("code", code)
    session.press("Continue")
    check("Signed up successfully as ada@contoso.com" in session.text(), f"no success: {session.text()[:300]}")
    session.save("signed-up")


def sign_in(session):
    session.start("sign-in-email-otp")
    session.type("email", "ada@contoso.com")
    session.press("Continue")
    code = session.dev_code()
    session.type("code", "00000000" if code != "00000000" else "11111111")
    session.press("Continue")
    check("The code is incorrect" in session.text(), f"no refusal: {session.text()[:300]}")
    session.type("code", code)
    session.press("Continue")
    check("Signed in as ada@contoso.com" in session.text(), f"no sign-in: {session.text()[:300]}")


def reset_password(session):
    session.start("sign-up-password")
    check(session.attributes("password")["autocomplete"] == "new-password",
          f"sign-up password field: {session.attributes('password')}")
    session.type("email", "bo@contoso.com")
    session.type("password", "First-Passw0rd!")
    session.press("Continue")
    session.type("code", session.dev_code())
    session.press("Continue")
    check("bo@contoso.com" in session.text(), f"no password sign-up: {session.text()[:300]}")
    session.start("reset-password")
    session.type("email", "bo@contoso.com")
    session.press("Continue")
    session.type("code", session.dev_code())
    session.press("Continue")
    check(session.attributes("newPassword")["autocomplete"] == "new-password",
          f"new password field: {session.attributes('newPassword')}")
    check(session.attributes("newPassword")["type"] == "password", "the new password is not masked")
    session.type("newPassword", "Brand-New-Passw0rd!")
    session.press("Continue")
    check("Signed in as bo@contoso.com" in session.text(), f"no reset: {session.text()[:300]}")
    check("Brand-New-Passw0rd!" not in session.browser.page_source, "the password is in the page")
    session.start("sign-in-password")
    check(session.attributes("password")["autocomplete"] == "current-password",
          f"password field: {session.attributes('password')}")
    session.type("email", "bo@contoso.com")
    session.type("password", "Brand-New-Passw0rd!")
    session.press("Continue")
    check("Signed in as bo@contoso.com" in session.text(), f"no sign-in with the new password: {session.text()[:300]}")


def escaping(session):
    session.open("/")
    check(f"{HOSTILE} title" in session.text(), "the hostile title is not shown as text")
    session.start("escape")
    check(f"{HOSTILE} label" in session.text() and f"{HOSTILE} hint" in session.text(), "label or hint not shown")
    session.type("name", HOSTILE)
    session.press("Continue")
    check(f"Hello {HOSTILE}" in session.text(), f"the answer is not shown as text: {session.text()[:200]}")
    check("<script>" not in session.browser.page_source, "a <script> reached the page unescaped")
    session.save("escaped")


def security(session):
    session.open("/")
    cookies = {cookie["name"]: cookie for cookie in session.browser.get_cookies()}
    browser = cookies.get("flowrun_browser")
    check(browser and browser.get("httpOnly") and browser.get("sameSite") == "Strict", f"browser cookie: {browser}")
    with urllib.request.urlopen(session.origin + "/", timeout=30) as response:
        headers = dict(response.headers)
    policy = headers.get("Content-Security-Policy", "")
    check("default-src 'none'" in policy and "frame-ancestors 'none'" in policy, f"CSP: {policy}")
    check(headers.get("X-Content-Type-Options") == "nosniff", "no nosniff")
    check(headers.get("Referrer-Policy") == "no-referrer", "no Referrer-Policy")
    status, _, _ = session.post("/ui/sign-up-email-otp", {})
    check(status == 403, f"a start without a CSRF token got {status}")
    status, _, _ = session.post("/ui/sign-up-email-otp", {"csrf": "a" * 32}, cookie="flowrun_browser=" + "b" * 32)
    check(status == 403, f"a start with another CSRF token got {status}")
    status, _, _ = session.post("/ui/sign-up-email-otp", {"csrf": "c" * 32}, cookie="flowrun_browser=" + "c" * 32)
    check(status == 403, f"a start with a cookie and token pair the client chose got {status}")
    session.open("/ui/sign-up-email-otp")
    token = session.browser.find_element(By.NAME, "csrf").get_attribute("value")
    cookie = "flowrun_browser=" + session.browser.get_cookie("flowrun_browser")["value"]
    status, headers, _ = session.post("/ui/sign-up-email-otp", {"csrf": token}, cookie=cookie)
    check(status == 303 and "flowrun_session_sign-up-email-otp=" in headers.get("Set-Cookie", ""),
          f"the server's token got {status}")


def main():
    arguments = sys.argv[1:]
    if not arguments:
        print("usage: browser-ui-test.py FLOWRUN_BINARY [--screenshots DIR]", file=sys.stderr)
        return 2
    screenshots = None
    if "--screenshots" in arguments:
        screenshots = arguments[arguments.index("--screenshots") + 1]
    screenshots = screenshots or tempfile.mkdtemp(prefix="flowrun-ui-shots-")
    os.makedirs(screenshots, exist_ok=True)
    if not shutil.which("chromium") or not shutil.which("chromedriver"):
        print("browser-ui-test: needs Debian's chromium and chromium-driver", file=sys.stderr)
        return 2
    session = Session(os.path.abspath(arguments[0]), screenshots)
    passed = failed = 0
    try:
        for name, journey in [("sign up with the code from the development panel", sign_up),
                              ("sign in with a wrong code, then the right one", sign_in),
                              ("reset the password, then sign in with it", reset_password),
                              ("every text from a flow is escaped", escaping),
                              ("security headers, cookies and CSRF refusal", security)]:
            started = time.monotonic()
            try:
                journey(session)
                passed += 1
                print(f"PASS {name} ({time.monotonic() - started:.1f} s)")
            except Exception as error:  # a journey's failure is reported, the others still run
                failed += 1
                print(f"FAIL {name}: {error}")
    finally:
        session.close()
    with open(os.path.join(session.folder, "serve.log")) as handle:
        log = handle.read()
    if "Brand-New-Passw0rd!" in log or "flowrun_session_" in log:
        failed += 1
        print("FAIL the server log holds a password or a session cookie")
    print(f"{passed} passed, {failed} failed; screenshots in {screenshots}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
