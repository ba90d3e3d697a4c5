#!/usr/bin/env python3
"""Check that relying parties which never heard of flowrun accept the tokens of `flowrun serve`.

Usage:
  scripts/relying-party-check.py --flowrun PATH

What it does, in order:
  1. starts `flowrun serve --port 0 --dev-outbox` in a temporary folder (the default tenant);
  2. validates the discovery document with authlib's OpenID provider metadata validation (OpenID Connect
     Discovery: RS256 among id_token_signing_alg_values_supported, and the other required fields);
  3. signs a user up (email one-time passcode read from the dev outbox, and a password) and in (the password)
     over the wire;
  4. verifies the ID and access tokens of both grants with PyJWT (PyJWKClient on the discovery's jwks_uri,
     algorithms RS256, the client id as audience, the discovery's issuer) and with python-jose (the JWKS);
     a token whose signature was swapped must be refused; each RSA key's x5c certificate holds that key;
  5. restarts the server on the same state folder with --rotate-signing-key: the tokens signed before still
     verify, and new tokens carry the new key's kid.

Needs PyJWT[crypto], authlib and python-jose (pip install "PyJWT[crypto]" authlib python-jose).
Exit codes: 0 every check passed, 1 a check failed, 2 usage error or a library missing.
"""

import argparse
import base64
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request

sys.dont_write_bytecode = True  # no __pycache__ in scripts/

try:
    import jwt
    from cryptography import x509
    from authlib.oidc.discovery import OpenIDProviderMetadata
    from jose import jwt as jose_jwt
except ImportError as missing:
    print(f"relying-party-check: {missing}; pip install 'PyJWT[crypto]' authlib python-jose", file=sys.stderr)
    sys.exit(2)

TENANT = "contoso"
CLIENT_ID = "00000000-0000-0000-0000-00000000c11e"
CHALLENGE = "oob password redirect"
SCOPE = "openid profile offline_access"
PASSWORD = "Relying-Party-Check-1"


class CheckFailed(Exception):
    """A check did not hold."""


def log(message):
    print(f"[{time.strftime('%H:%M:%S')}] {message}", flush=True)


class Server:
    """One `flowrun serve` process on a free port, in `folder` (its state folder)."""

    def __init__(self, flowrun, folder, extra=()):
        self.folder = folder
        out_path = os.path.join(folder, "stdout.log")
        self.err_path = os.path.join(folder, "stderr.log")
        command = [flowrun, "serve", "--port", "0", "--dev-outbox", "--state-dir", os.path.join(folder, "state"),
                   *extra]
        with open(out_path, "w") as out, open(self.err_path, "a") as err:
            self.process = subprocess.Popen(command, stdout=out, stderr=err, stdin=subprocess.DEVNULL, cwd=folder)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            with open(out_path) as out:
                line = out.readline()
            if line.endswith("\n") and "listening on" in line:
                url = urllib.parse.urlsplit(line.split("listening on", 1)[1].strip())
                self.origin = f"{url.scheme}://{url.netloc}"
                return
            if self.process.poll() is not None:
                raise CheckFailed(f"flowrun serve exited ({self.process.returncode}): {self.stderr()}")
            time.sleep(0.05)
        self.stop()
        raise CheckFailed("flowrun serve printed no address in 60 s")

    def stderr(self):
        with open(self.err_path, errors="replace") as handle:
            return handle.read()[-2000:]

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def get(self, path_or_url):
        url = path_or_url if path_or_url.startswith("http") else self.origin + path_or_url
        with urllib.request.urlopen(url, timeout=15) as response:
            return json.loads(response.read())

    def wire(self, endpoint, **params):
        """A native-auth call (form POST under the tenant); returns the JSON answer, 200 or 400."""
        data = urllib.parse.urlencode({"client_id": CLIENT_ID, **params}).encode()
        request = urllib.request.Request(f"{self.origin}/{TENANT}{endpoint}", data=data, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=15) as response:
                return json.loads(response.read())
        except urllib.error.HTTPError as error:
            answer = json.loads(error.read() or b"{}")
            raise CheckFailed(f"{endpoint}: {error.code} {answer.get('error')} {answer.get('error_codes')}")

    def sign_up(self, email):
        """An email-OTP sign-up with a password; returns the token answer."""
        answer = self.wire("/signup/v1.0/start", username=email, password=PASSWORD, challenge_type=CHALLENGE)
        answer = self.wire("/signup/v1.0/challenge", continuation_token=answer["continuation_token"],
                           challenge_type=CHALLENGE)
        query = urllib.parse.urlencode({"to": email, "limit": 1})
        code = self.get(f"/outbox?{query}")[0]["code"]
        answer = self.wire("/signup/v1.0/continue", continuation_token=answer["continuation_token"],
                           grant_type="oob", oob=code)
        return self.wire("/oauth2/v2.0/token", continuation_token=answer["continuation_token"],
                         grant_type="continuation_token", username=email, scope=SCOPE)

    def sign_in(self, email):
        """A password sign-in; returns the token answer."""
        answer = self.wire("/oauth2/v2.0/initiate", username=email, challenge_type=CHALLENGE)
        answer = self.wire("/oauth2/v2.0/challenge", continuation_token=answer["continuation_token"],
                           challenge_type=CHALLENGE)
        if answer.get("challenge_type") != "password":
            raise CheckFailed(f"sign-in challenge: {answer.get('challenge_type')}, not password")
        return self.wire("/oauth2/v2.0/token", continuation_token=answer["continuation_token"],
                         grant_type="password", username=email, password=PASSWORD, scope=SCOPE)


def discovery_of(server):
    """The discovery document, validated by authlib."""
    document = server.get(f"/{TENANT}/v2.0/.well-known/openid-configuration")
    try:
        OpenIDProviderMetadata(document).validate()
    except ValueError as error:
        raise CheckFailed(f"authlib refuses the discovery document: {error}")
    log(f"authlib: the discovery document is valid OpenID provider metadata "
        f"(id_token_signing_alg_values_supported {document['id_token_signing_alg_values_supported']})")
    return document


def certificates_match(jwks):
    """Each RSA key's x5c is a certificate of that key, and its x5t the certificate's SHA-1 thumbprint."""
    for key in jwks["keys"]:
        if key["kty"] != "RSA":
            continue
        der = base64.b64decode(key["x5c"][0])
        certificate = x509.load_der_x509_certificate(der)
        numbers = certificate.public_key().public_numbers()
        if (numbers.n, numbers.e) != (integer(key["n"]), integer(key["e"])):
            raise CheckFailed(f"kid {key['kid']}: the x5c certificate holds another key")
        if base64.urlsafe_b64encode(hashlib.sha1(der).digest()).rstrip(b"=").decode() != key["x5t"]:
            raise CheckFailed(f"kid {key['kid']}: x5t is not the SHA-1 thumbprint of x5c")
    log("cryptography: each RSA key's x5c certificate holds that key, and x5t is its thumbprint")


def integer(base64url):
    return int.from_bytes(base64.urlsafe_b64decode(base64url + "=" * (-len(base64url) % 4)), "big")


def verify(tokens, document, what):
    """Verifies every token with PyJWT and python-jose; returns the kids of their headers."""
    issuer = document["issuer"]
    jwks = urllib.request.urlopen(document["jwks_uri"], timeout=15).read()
    jwks = json.loads(jwks)
    client = jwt.PyJWKClient(document["jwks_uri"], cache_keys=False)
    kids = []
    for name, token in tokens.items():
        header = jwt.get_unverified_header(token)
        if header.get("alg") != "RS256":
            raise CheckFailed(f"{what} {name}: alg {header.get('alg')}, not RS256")
        try:
            key = client.get_signing_key_from_jwt(token)
            claims = jwt.decode(token, key.key, algorithms=["RS256"], audience=CLIENT_ID, issuer=issuer)
            jose_claims = jose_jwt.decode(token, jwks, algorithms=["RS256"], audience=CLIENT_ID, issuer=issuer)
        except Exception as error:  # noqa: BLE001 - any refusal is the finding
            raise CheckFailed(f"{what} {name} is refused: {type(error).__name__}: {error}")
        if claims["sub"] != jose_claims["sub"] or claims["aud"] != CLIENT_ID:
            raise CheckFailed(f"{what} {name}: the libraries read different claims")
        kids.append(header["kid"])
    log(f"PyJWT and python-jose verify the {what} tokens ({', '.join(tokens)}) with the JWKS, kid {set(kids)}")
    return kids


def forged_is_refused(tokens, document):
    """The ID token's header and claims under the access token's signature must be refused."""
    id_token, access_token = tokens["id_token"], tokens["access_token"]
    forged = ".".join(id_token.split(".")[:2] + [access_token.split(".")[2]])
    key = jwt.PyJWKClient(document["jwks_uri"], cache_keys=False).get_signing_key_from_jwt(forged)
    try:
        jwt.decode(forged, key.key, algorithms=["RS256"], audience=CLIENT_ID, issuer=document["issuer"])
    except jwt.InvalidSignatureError:
        log("PyJWT refuses an ID token under another token's signature")
        return
    raise CheckFailed("PyJWT accepted an ID token under another token's signature")


def tokens_of(answer):
    return {name: answer[name] for name in ("id_token", "access_token")}


def run(flowrun, folder):
    server = Server(flowrun, folder)
    try:
        document = discovery_of(server)
        signed_up = tokens_of(server.sign_up("rp-check@example.com"))
        signed_in = tokens_of(server.sign_in("rp-check@example.com"))
        log(f"signed up and in over the wire at {server.origin}")
        certificates_match(server.get(document["jwks_uri"]))
        old_kids = verify(signed_up, document, "sign-up") + verify(signed_in, document, "sign-in")
        old_issuer = document["issuer"]
        forged_is_refused(signed_in, document)
    finally:
        server.stop()

    server = Server(flowrun, folder, extra=["--rotate-signing-key"])
    try:
        document = discovery_of(server)
        published = [key["kid"] for key in server.get(document["jwks_uri"])["keys"]]
        if len(published) != 2 or published[1] != old_kids[0]:
            raise CheckFailed(f"after the rotation the JWKS has kids {published}, not the new and the old key")
        # The issuer names the listening port, which changed with the restart: the old tokens keep theirs.
        verify(signed_in, {**document, "issuer": old_issuer}, "pre-rotation")
        new_kids = verify(tokens_of(server.sign_in("rp-check@example.com")), document, "post-rotation")
        if set(new_kids) != {published[0]} or published[0] in old_kids:
            raise CheckFailed(f"after the rotation new tokens carry kid {set(new_kids)}, not {published[0]}")
        log(f"after --rotate-signing-key: new tokens carry the new kid {published[0]}, old tokens still verify")
    finally:
        server.stop()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--flowrun", required=True, help="the flowrun binary")
    arguments = parser.parse_args()
    if not os.access(arguments.flowrun, os.X_OK):
        print(f"relying-party-check: {arguments.flowrun} is not an executable", file=sys.stderr)
        return 2
    folder = tempfile.mkdtemp(prefix="flowrun-rp-check-")
    try:
        run(os.path.abspath(arguments.flowrun), folder)
    except CheckFailed as failure:
        print(f"relying-party-check: FAILED: {failure}\n(logs kept in {folder})", file=sys.stderr)
        return 1
    shutil.rmtree(folder, ignore_errors=True)
    log("relying-party-check: every check passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
