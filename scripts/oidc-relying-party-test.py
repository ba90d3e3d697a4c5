#!/usr/bin/env python3
"""Uses `flowrun serve --flows` as an app's sign-in pages with an independent OpenID Connect client.

Usage: oidc-relying-party-test.py FLOWRUN_BINARY [--screenshots DIR]

Starts `flowrun serve --flows flows/ --dev-outbox` on 127.0.0.1 with a tenant whose client registers the loopback
redirect URI `http://127.0.0.1/callback` (any port, RFC 8252 §7.3), and a loopback HTTP listener that catches the
redirect. authlib's OAuth2Session (PKCE S256) builds each authorize URL from the discovery document; Selenium drives
the pages in headless Chromium (codes from the development panel); the code is exchanged with authlib and the ID
token verified against the JWKS (whatever algorithm its key names) with its issuer, audience and nonce.
Journeys: sign-up with `prompt=create`, then sign-in with `login_hint`. Account: after a sign-in, a second
authorize request gets a code without pages (and with `prompt=none`), `prompt=login` shows the pages again, the
end-session endpoint redirects to the registered post-logout URI with `state`, and `prompt=none` is then answered
`login_required`. API tokens: a flow API session started with `client_id` returns tokens verified through the
JWKS, once. Refusals: a wrong verifier, another
client's code, a reused code (and the refresh token it issued revoked), an unregistered redirect URI (an error
page; the listener is never called) and a request without PKCE (redirected with `invalid_request`).
Prints `PASS name` / `FAIL name: why` per check and `N passed, M failed`; exit 1 when one failed, 2 when the run
could not be made.
"""

import http.server
import os
import secrets
import shutil
import subprocess
import sys
import tempfile
import threading
import urllib.parse
import warnings

# authlib.jose still verifies every algorithm a JWKS names; its successor (joserfc) is not needed for that.
warnings.filterwarnings("ignore", message="authlib.jose module is deprecated")

try:
    import requests
    from authlib.integrations.requests_client import OAuth2Session
    from authlib.jose import JsonWebKey, jwt
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:
    print("oidc-relying-party-test: needs authlib, requests and selenium "
          "(python3 -m pip install authlib requests selenium)", file=sys.stderr)
    sys.exit(2)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLIENT = "00000000-0000-0000-0000-00000000c11e"
OTHER_CLIENT = "other-app"
TENANT = f"""passwordHash: {{ iterations: 1000 }}
clients:
  - clientID: {CLIENT}
    redirectURIs: ["http://127.0.0.1/callback"]
    postLogoutRedirectURIs: ["http://127.0.0.1/signed-out"]
  - clientID: {OTHER_CLIENT}
    redirectURIs: ["http://127.0.0.1/callback"]
"""


class Failure(Exception):
    pass


def check(condition, why):
    if not condition:
        raise Failure(why)


class Listener:
    """The app's loopback redirect URI: records every request it receives."""

    def __init__(self):
        received = self.received = []

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                received.append(self.path)
                body = b"<!doctype html><title>App</title><h1>Back in the app</h1>"
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def uri(self, path="/callback"):
        return f"http://127.0.0.1:{self.port}{path}"


class Run:
    """One server, one listener, one browser."""

    def __init__(self, binary, screenshots):
        self.folder = tempfile.mkdtemp(prefix="flowrun-oidc-")
        with open(os.path.join(self.folder, "authority.yaml"), "w") as handle:
            handle.write(TENANT)
        self.log = open(os.path.join(self.folder, "serve.log"), "w")
        self.server = subprocess.Popen(
            [binary, "serve", "--port", "0", "--flows", os.path.join(ROOT, "flows"), "--dev-outbox",
             "--config", "authority.yaml", "--state-dir", os.path.join(self.folder, "state")],
            cwd=self.folder, stdout=subprocess.PIPE, stderr=self.log, text=True)
        line = self.server.stdout.readline()
        prefix = "flowrun serve: listening on "
        if not line.startswith(prefix):
            raise SystemExit(f"oidc-relying-party-test: flowrun serve did not start: {line!r}")
        self.authority = line[len(prefix):].strip()
        self.origin = self.authority.rsplit("/", 1)[0]
        self.discovery = requests.get(self.authority + "/v2.0/.well-known/openid-configuration", timeout=30).json()
        self.listener = Listener()
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
        ]:
            options.add_argument(argument)
        driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
        self.browser = webdriver.Chrome(service=Service(executable_path=driver_path), options=options)
        self.browser.set_page_load_timeout(30)

    def close(self):
        self.browser.quit()
        self.listener.server.shutdown()
        self.server.terminate()
        try:
            self.server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.server.kill()

    def save(self, name):
        self.shot += 1
        self.browser.save_screenshot(os.path.join(self.screenshots, f"{self.shot:02d}-{name}.png"))

    def text(self):
        return self.browser.find_element(By.TAG_NAME, "body").text

    def client(self, client_id=CLIENT, **options):
        return OAuth2Session(
            client_id, redirect_uri=self.listener.uri(), scope="openid offline_access",
            token_endpoint_auth_method="none", **options)

    def authorize(self, **parameters):
        """A PKCE authorization request of authlib's: (session, URL, state, verifier, nonce)."""
        session = self.client(code_challenge_method="S256")
        verifier = secrets.token_urlsafe(48)
        nonce = secrets.token_urlsafe(16)
        url, state = session.create_authorization_url(
            self.discovery["authorization_endpoint"], code_verifier=verifier, nonce=nonce, **parameters)
        return session, url, state, verifier, nonce

    def sign_in_pages(self, url, email, name):
        """Opens `url` in the browser and answers the pages until the browser is back at the listener."""
        self.browser.delete_all_cookies()
        self.browser.get(url)
        self.save(f"{name}-first")
        for step in range(8):
            if self.browser.current_url.startswith(self.listener.uri()):
                self.save(f"{name}-back-in-app")
                return self.browser.current_url
            fields = {element.get_attribute("name"): element
                      for element in self.browser.find_elements(By.CSS_SELECTOR, "form input:not([type=hidden])")}
            check(fields, f"no form on {self.browser.current_url}: {self.text()[:300]}")
            if "email" in fields and not fields["email"].get_attribute("value"):
                fields["email"].send_keys(email)
            if "password" in fields:
                fields["password"].send_keys("Pass-word-1234!")
            if "code" in fields:
                codes = self.browser.find_elements(By.CSS_SELECTOR, "aside.dev li code")
                check(codes, f"no code in the development panel: {self.text()[:300]}")
                fields["code"].send_keys(codes[0].text)
            self.save(f"{name}-step{step + 1}")
            page = self.browser.find_element(By.TAG_NAME, "html")
            self.browser.find_element(By.CSS_SELECTOR, "button[value=answer]").click()
            WebDriverWait(self.browser, 30).until(lambda _: gone(page))
        raise Failure(f"the flow did not come back to the app: {self.text()[:300]}")

    def exchange(self, code, verifier, client_id=CLIENT):
        return requests.post(self.discovery["token_endpoint"], data={
            "grant_type": "authorization_code", "client_id": client_id, "code": code,
            "redirect_uri": self.listener.uri(), "code_verifier": verifier}, timeout=30)

    def verified_claims(self, id_token, nonce):
        keys = JsonWebKey.import_key_set(requests.get(self.discovery["jwks_uri"], timeout=30).json())
        options = {
            "iss": {"essential": True, "value": self.discovery["issuer"]},
            "aud": {"essential": True, "value": CLIENT},
        }
        if nonce is not None:
            options["nonce"] = {"essential": True, "value": nonce}
        claims = jwt.decode(id_token, keys, claims_options=options)
        claims.validate()
        return claims


def gone(element):
    try:
        element.tag_name
        return False
    except Exception:
        return True


def journeys(run):
    email = f"ada-{secrets.token_hex(4)}@example.com"
    # Sign-up: prompt=create runs the client's sign-up flow.
    session, url, state, verifier, nonce = run.authorize(prompt="create", login_hint=email)
    back = run.sign_in_pages(url, email, "sign-up")
    check(urllib.parse.parse_qs(urllib.parse.urlsplit(back).query).get("state") == [state], f"state lost: {back}")
    token = session.fetch_token(run.discovery["token_endpoint"], authorization_response=back, code_verifier=verifier)
    claims = run.verified_claims(token["id_token"], nonce)
    check(claims["preferred_username"] == email, f"ID token for {claims.get('preferred_username')}")
    check(token.get("refresh_token"), "no refresh token for offline_access")
    # Sign-in, the email filled from login_hint.
    session, url, state, verifier, nonce = run.authorize(login_hint=email)
    back = run.sign_in_pages(url, email, "sign-in")
    token = session.fetch_token(run.discovery["token_endpoint"], authorization_response=back, code_verifier=verifier)
    check(run.verified_claims(token["id_token"], nonce)["sub"] == claims["sub"], "sign-in found another user")
    return email


def query_of(url):
    return urllib.parse.parse_qs(urllib.parse.urlsplit(url).query)


def account(run, email):
    """The account session: codes without pages, prompt=none and prompt=login, then the end-session endpoint."""
    session, url, _, verifier, nonce = run.authorize(login_hint=email)
    back = run.sign_in_pages(url, email, "account-sign-in")
    token = session.fetch_token(run.discovery["token_endpoint"], authorization_response=back, code_verifier=verifier)
    subject = run.verified_claims(token["id_token"], nonce)["sub"]
    for prompt in [None, "none"]:
        session, url, state, verifier, nonce = run.authorize(**({"prompt": prompt} if prompt else {}))
        run.browser.get(url)
        back = run.browser.current_url
        check(back.startswith(run.listener.uri()), f"prompt={prompt} showed a page: {run.text()[:300]}")
        check(query_of(back).get("state") == [state], f"state lost: {back}")
        token = session.fetch_token(
            run.discovery["token_endpoint"], authorization_response=back, code_verifier=verifier)
        check(run.verified_claims(token["id_token"], nonce)["sub"] == subject, f"prompt={prompt}: another user")
    _, url, _, _, _ = run.authorize(prompt="login")
    run.browser.get(url)
    run.save("prompt-login")
    check(run.browser.current_url.startswith(run.origin), f"prompt=login did not ask: {run.browser.current_url}")
    check(run.browser.find_elements(By.CSS_SELECTOR, "input[name=password]"), "prompt=login shows no sign-in page")
    signed_out = run.listener.uri("/signed-out")
    run.browser.get(run.discovery["end_session_endpoint"] + "?" + urllib.parse.urlencode(
        {"client_id": CLIENT, "post_logout_redirect_uri": signed_out, "state": "bye"}))
    check(run.browser.current_url == signed_out + "?state=bye", f"after sign-out: {run.browser.current_url}")
    _, url, state, _, _ = run.authorize(prompt="none")
    run.browser.get(url)
    query = query_of(run.browser.current_url)
    check(query.get("error") == ["login_required"] and query.get("state") == [state],
          f"prompt=none after sign-out: {run.browser.current_url}")
    # An unregistered post-logout URI: an error page, never a redirect.
    run.browser.get(run.discovery["end_session_endpoint"] + "?" + urllib.parse.urlencode(
        {"client_id": CLIENT, "post_logout_redirect_uri": run.listener.uri("/elsewhere")}))
    check(run.browser.current_url.startswith(run.origin), f"redirected to {run.browser.current_url}")
    check("Unregistered return address" in run.browser.find_element(By.TAG_NAME, "body").text,
          "no error page for an unregistered post-logout URI")


def api_tokens(run, email):
    """A native app's sign-in over the flow API, with tokens for its client, verified through the JWKS."""
    api = run.origin + "/api/v1"
    headers = {"Content-Type": "application/json"}
    answer = requests.post(f"{api}/flows/sign-in-password/sessions", json={"client_id": CLIENT},
                           headers=headers, timeout=30).json()
    session_id = answer["id"]
    for _ in range(5):
        if answer["state"] != "asking":
            break
        inputs = {}
        for field in answer["ask"]["fields"]:
            if field["type"] == "email":
                inputs[field["name"]] = email
            elif field["name"] == "code":
                inputs["code"] = requests.get(f"{run.origin}/outbox", params={"to": email}, timeout=30).json()[0]["code"]
            else:
                inputs[field["name"]] = "Pass-word-1234!"
        answer = requests.post(f"{api}/sessions/{session_id}/answers", json={"inputs": inputs}, headers=headers,
                               timeout=30).json()
    check(answer.get("state") == "ended" and "tokens" in answer, f"no tokens: {answer}")
    claims = run.verified_claims(answer["tokens"]["id_token"], None)
    check(claims["preferred_username"] == email, f"ID token for {claims.get('preferred_username')}")
    again = requests.get(f"{api}/sessions/{session_id}", timeout=30).json()
    check("tokens" not in again, "a later GET returned the tokens")
    refused = requests.post(f"{api}/flows/sign-in-password/sessions", json={"client_id": "nobody"},
                            headers=headers, timeout=30)
    check(refused.status_code == 400 and refused.json()["error"] == "unknown_client", f"unknown: {refused.text}")


def refusals(run, email):
    _, url, _, verifier, _ = run.authorize(login_hint=email)
    back = run.sign_in_pages(url, email, "refusals")
    code = urllib.parse.parse_qs(urllib.parse.urlsplit(back).query)["code"][0]
    wrong = run.exchange(code, secrets.token_urlsafe(48))
    check(wrong.status_code == 400 and wrong.json()["error"] == "invalid_grant", f"wrong verifier: {wrong.text}")
    other = run.exchange(code, verifier, client_id=OTHER_CLIENT)
    check(other.status_code == 400 and other.json()["error"] == "invalid_grant", f"other client: {other.text}")
    first = run.exchange(code, verifier)
    check(first.status_code == 200, f"the code was spent by a refused exchange: {first.text}")
    reused = run.exchange(code, verifier)
    check(reused.status_code == 400 and reused.json()["error"] == "invalid_grant", f"reused code: {reused.text}")
    refreshed = requests.post(run.discovery["token_endpoint"], data={
        "grant_type": "refresh_token", "client_id": CLIENT, "refresh_token": first.json()["refresh_token"]},
        timeout=30)
    check(refreshed.status_code == 400, f"the reused code's refresh token still works: {refreshed.text}")

    # An unregistered redirect URI: an error page, and nothing reaches the listener.
    calls = len(run.listener.received)
    session = OAuth2Session(CLIENT, redirect_uri=run.listener.uri("/elsewhere"), scope="openid",
                            code_challenge_method="S256")
    url, _ = session.create_authorization_url(
        run.discovery["authorization_endpoint"], code_verifier=secrets.token_urlsafe(48))
    run.browser.get(url)
    run.save("unregistered-redirect")
    check("Unregistered redirect URI" in run.text(), f"no error page: {run.text()[:300]}")
    check(run.browser.current_url.startswith(run.origin), f"redirected to {run.browser.current_url}")
    check(len(run.listener.received) == calls, "the listener was called")

    # No PKCE: redirected with invalid_request.
    url, state = run.client().create_authorization_url(run.discovery["authorization_endpoint"])
    run.browser.get(url)
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(run.browser.current_url).query)
    check(query.get("error") == ["invalid_request"] and query.get("state") == [state],
          f"without PKCE: {run.browser.current_url}")


def main():
    arguments = sys.argv[1:]
    if not arguments:
        print(__doc__, file=sys.stderr)
        return 2
    screenshots = tempfile.mkdtemp(prefix="flowrun-oidc-shots-")
    if "--screenshots" in arguments:
        screenshots = arguments[arguments.index("--screenshots") + 1]
        os.makedirs(screenshots, exist_ok=True)
    run = Run(arguments[0], screenshots)
    passed = failed = 0
    email = None
    try:
        for name, check_run in [
            ("journeys", lambda: journeys(run)), ("account", lambda: account(run, email)),
            ("api tokens", lambda: api_tokens(run, email)), ("refusals", lambda: refusals(run, email)),
        ]:
            try:
                result = check_run()
                email = result or email
                print(f"PASS {name}")
                passed += 1
            except Exception as error:
                print(f"FAIL {name}: {type(error).__name__}: {error}")
                failed += 1
    finally:
        run.close()
    print(f"{passed} passed, {failed} failed; screenshots in {screenshots}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
