// Journeys of Microsoft's MSAL.js native-auth client (CustomAuthPublicClientApplication) against `flowrun serve`,
// using only MSAL's public API. Loaded by scripts/msal-conformance/page.html after the MSAL bundle; the harness
// (scripts/msal-conformance/run.py) passes the servers in `window.CONFORMANCE` and reads each result from
// POST /result.
"use strict";

const config = window.CONFORMANCE;
const msal = window.msalCustomAuth;
const PASSWORD = "Harbor-Light-Kite-42";
const NEW_PASSWORD = "Quiet-River-Stone-77";
let counter = 0;

/** A fresh address for each journey. */
function email(prefix) {
  counter += 1;
  return `${prefix}-${counter}-${Date.now() % 100000}@contoso.com`;
}

/** A journey step that did not go as expected. */
class Unexpected extends Error {}

function expect(condition, what, result) {
  if (!condition) {
    let got = "";
    if (result && result.error) {
      const data = result.error.errorData || {};
      got = ` (got ${data.error || data.errorCode || data.name}: ${data.errorDescription || data.message})`;
    } else if (result && result.state) {
      got = ` (got state ${result.state.stateType || result.state.constructor.name})`;
    }
    throw new Unexpected(`${what}${got}`);
  }
}

/** A new application for `server` with empty browser storage, so no account is signed in. */
async function application(server, capabilities) {
  sessionStorage.clear();
  localStorage.clear();
  return msal.CustomAuthPublicClientApplication.create({
    auth: {
      clientId: server.clientId,
      authority: `https://${server.tenant}.ciamlogin.com/${server.tenant}.onmicrosoft.com`,
      redirectUri: location.origin + "/",
    },
    customAuth: {
      challengeTypes: ["password", "oob", "redirect"],
      authApiProxyUrl: server.authority,
      ...(capabilities ? { capabilities } : {}),
    },
    cache: { cacheLocation: "sessionStorage" },
  });
}

/** The newest code the server sent to `to` (its development outbox). */
async function code(server, to) {
  const answer = await fetch(`${server.origin}/outbox?to=${encodeURIComponent(to)}&limit=1`);
  const messages = await answer.json();
  if (!messages.length) throw new Unexpected(`no code was sent to ${to}`);
  return messages[0].code;
}

/** Signs `username` up with a code (and `password` when given) and returns the completed result. */
async function signUp(app, server, username, password) {
  const started = await app.signUp(password ? { username, password } : { username });
  expect(started.isCodeRequired(), "sign-up asks for a code", started);
  const submitted = await started.state.submitCode(await code(server, username));
  expect(submitted.isCompleted(), "sign-up completes after the code", submitted);
  return submitted;
}

/** Signs `username` in with a password and returns the account. */
async function signInWithPassword(app, username, password = PASSWORD) {
  const result = await app.signIn({ username, password });
  expect(result.isCompleted(), "sign-in with a password completes", result);
  return result.data;
}

const journeys = {
  "sign-up with code, then sign-in after sign-up": async () => {
    const server = config.servers.main;
    const app = await application(server);
    const username = email("code");
    const completed = await signUp(app, server, username);
    const signedIn = await completed.state.signIn();
    expect(signedIn.isCompleted(), "sign-in after sign-up completes", signedIn);
    expect(signedIn.data.getAccount().username === username, "the account is the new user");
  },
  "sign-up with password": async () => {
    const server = config.servers.main;
    const app = await application(server);
    const username = email("password");
    await signUp(app, server, username, PASSWORD);
    await signInWithPassword(app, username);
  },
  "sign-up with password and attributes asked after the code": async () => {
    const server = config.servers.attributes;
    const app = await application(server);
    const username = email("attributes");
    const started = await app.signUp({ username });
    expect(started.isCodeRequired(), "sign-up asks for a code", started);
    const verified = await started.state.submitCode(await code(server, username));
    expect(verified.isPasswordRequired(), "the password is asked after the code", verified);
    const withPassword = await verified.state.submitPassword(PASSWORD);
    expect(withPassword.isAttributesRequired(), "attributes are asked after the password", withPassword);
    const required = withPassword.state.getRequiredAttributes().map((attribute) => attribute.name);
    expect(required.includes("displayName"), `displayName is required (got ${required})`);
    const completed = await withPassword.state.submitAttributes({ displayName: "Ada Lovelace" });
    expect(completed.isCompleted(), "sign-up completes with the attributes", completed);
    const signedIn = await completed.state.signIn();
    expect(signedIn.isCompleted(), "sign-in after sign-up completes", signedIn);
    expect(signedIn.data.getClaims().name === "Ada Lovelace", "the ID token names the user");
  },
  "sign-up: refused attributes, then the same state retried": async () => {
    const server = config.servers.attributes;
    const app = await application(server);
    const username = email("attributes-retry");
    const started = await app.signUp({ username });
    expect(started.isCodeRequired(), "sign-up asks for a code", started);
    const verified = await started.state.submitCode(await code(server, username));
    expect(verified.isPasswordRequired(), "the password is asked after the code", verified);
    const withPassword = await verified.state.submitPassword(PASSWORD);
    expect(withPassword.isAttributesRequired(), "attributes are asked", withPassword);
    const refused = await withPassword.state.submitAttributes({ displayName: "x" });
    expect(refused.isFailed() && refused.error.isAttributesValidationFailed(), "isAttributesValidationFailed", refused);
    // MSAL.js gives the app no new state here: it retries with the state it has (the same continuation token).
    const completed = await withPassword.state.submitAttributes({ displayName: "Katherine Johnson" });
    expect(completed.isCompleted(), "the retry with the same state completes", completed);
  },
  "sign-up with attributes on start": async () => {
    const server = config.servers.attributes;
    const app = await application(server);
    const username = email("start-attributes");
    const started = await app.signUp({ username, password: PASSWORD, attributes: { displayName: "Grace Hopper" } });
    expect(started.isCodeRequired(), "sign-up asks for a code", started);
    const completed = await started.state.submitCode(await code(server, username));
    expect(completed.isCompleted(), "sign-up completes after the code", completed);
  },
  "sign-up: invalid attributes are named": async () => {
    const server = config.servers.attributes;
    const app = await application(server);
    const username = email("bad-attributes");
    const started = await app.signUp({ username, password: PASSWORD, attributes: { displayName: "x" } });
    expect(started.isFailed() && started.error.isAttributesValidationFailed(), "isAttributesValidationFailed", started);
  },
  "sign-in with code": async () => {
    const server = config.servers.main;
    const app = await application(server);
    const username = email("otp");
    await signUp(app, server, username);
    const fresh = await application(server);
    const started = await fresh.signIn({ username });
    expect(started.isCodeRequired(), "sign-in asks for a code", started);
    const submitted = await started.state.submitCode(await code(server, username));
    expect(submitted.isCompleted(), "sign-in completes", submitted);
  },
  "sign-in with password": async () => {
    const server = config.servers.main;
    const app = await application(server);
    const username = email("signin");
    await signUp(app, server, username, PASSWORD);
    const account = await signInWithPassword(await application(server), username);
    expect(account.getAccount().username === username, "the account is the user");
  },
  "wrong code, then the right one": async () => {
    const server = config.servers.main;
    const app = await application(server);
    const username = email("wrong");
    const started = await app.signUp({ username });
    expect(started.isCodeRequired(), "sign-up asks for a code", started);
    const right = await code(server, username);
    const wrong = right === "00000000" ? "11111111" : "00000000";
    const refused = await started.state.submitCode(wrong.slice(0, right.length));
    expect(refused.isFailed() && refused.error.isInvalidCode(), "a wrong code is invalidCode", refused);
    const accepted = await started.state.submitCode(right);
    expect(accepted.isCompleted(), "the right code then completes", accepted);
  },
  "resend code": async () => {
    const server = config.servers.main;
    const app = await application(server);
    const username = email("resend");
    const started = await app.signUp({ username });
    expect(started.isCodeRequired(), "sign-up asks for a code", started);
    const first = await code(server, username);
    const resent = await started.state.resendCode();
    expect(resent.isCodeRequired(), "resend asks for the new code", resent);
    const second = await code(server, username);
    const completed = await resent.state.submitCode(second);
    expect(completed.isCompleted(), `the resent code completes (codes ${first === second ? "equal" : "differ"})`, completed);
  },
  "reset password (with polling), then sign-in": async () => {
    const server = config.servers.main;
    const username = email("reset");
    await signUp(await application(server), server, username, PASSWORD);
    const app = await application(server);
    const started = await app.resetPassword({ username });
    expect(started.isCodeRequired(), "reset asks for a code", started);
    const verified = await started.state.submitCode(await code(server, username));
    expect(verified.isPasswordRequired(), "reset asks for the new password", verified);
    const reset = await verified.state.submitNewPassword(NEW_PASSWORD);
    expect(reset.isCompleted(), "the reset completes after polling", reset);
    const signedIn = await reset.state.signIn();
    expect(signedIn.isCompleted(), "sign-in after reset completes", signedIn);
    await signInWithPassword(await application(server), username, NEW_PASSWORD);
  },
  "token refresh (forceRefresh and a new scope)": async () => {
    const server = config.servers.main;
    const app = await application(server);
    const username = email("refresh");
    await signUp(app, server, username, PASSWORD);
    const account = await signInWithPassword(app, username);
    const first = await account.getAccessToken({ scopes: ["openid", "profile", "offline_access"] });
    expect(first.isCompleted(), "the cached access token is returned", first);
    const forced = await account.getAccessToken({ forceRefresh: true, scopes: ["openid", "profile", "offline_access"] });
    expect(forced.isCompleted(), "a forced refresh completes", forced);
    expect(forced.data.accessToken !== first.data.accessToken, "the refresh brought a new access token");
    const scoped = await account.getAccessToken({ scopes: ["api://contoso/orders.read"] });
    expect(scoped.isCompleted(), "a token for a new scope completes", scoped);
  },
  "token refresh with claims": async () => {
    const server = config.servers.main;
    const app = await application(server);
    const username = email("claims-refresh");
    await signUp(app, server, username, PASSWORD);
    const account = await signInWithPassword(app, username);
    const result = await account.getAccessToken({
      forceRefresh: true,
      claims: JSON.stringify({ access_token: { xms_cc: { values: ["cp1"] } } }),
    });
    expect(result.isCompleted(), "a refresh with claims completes", result);
  },
  "account claims": async () => {
    const server = config.servers.main;
    const app = await application(server);
    const username = email("claims");
    await signUp(app, server, username, PASSWORD);
    const account = await signInWithPassword(app, username);
    const claims = account.getClaims();
    expect(claims.preferred_username === username, "preferred_username is the user");
    expect(claims.tid === config.servers.main.tenantId, "tid is the tenant id");
    expect(typeof claims.oid === "string" && claims.oid.length > 0, "oid is set");
    const current = app.getCurrentAccount();
    expect(current.isCompleted() && current.data.getAccount().username === username, "the current account is cached", current);
  },
  "sign-out": async () => {
    const server = config.servers.main;
    const app = await application(server);
    const username = email("signout");
    await signUp(app, server, username, PASSWORD);
    const account = await signInWithPassword(app, username);
    const signedOut = await account.signOut();
    expect(signedOut.isCompleted(), "sign-out completes", signedOut);
    const current = app.getCurrentAccount();
    expect(current.isFailed(), "no account after sign-out", current);
  },
  "error: user already exists": async () => {
    const server = config.servers.main;
    const username = email("exists");
    await signUp(await application(server), server, username);
    const again = await (await application(server)).signUp({ username });
    expect(again.isFailed() && again.error.isUserAlreadyExists(), "isUserAlreadyExists", again);
  },
  "error: invalid username": async () => {
    const again = await (await application(config.servers.main)).signUp({ username: "not-an-email" });
    expect(again.isFailed() && again.error.isInvalidUsername(), "isInvalidUsername", again);
  },
  "error: weak password on sign-up": async () => {
    const result = await (await application(config.servers.main)).signUp({ username: email("weak"), password: "abc" });
    expect(result.isFailed() && result.error.isInvalidPassword(), "isInvalidPassword", result);
  },
  "error: user not found on sign-in": async () => {
    const result = await (await application(config.servers.main)).signIn({ username: email("nobody") });
    expect(result.isFailed() && result.error.isUserNotFound(), "isUserNotFound", result);
  },
  "error: wrong password": async () => {
    const server = config.servers.main;
    const username = email("wrong-password");
    await signUp(await application(server), server, username, PASSWORD);
    const result = await (await application(server)).signIn({ username, password: "Not-The-Password-1" });
    expect(result.isFailed() && result.error.isPasswordIncorrect(), "isPasswordIncorrect", result);
  },
  "error: user not found on reset": async () => {
    const result = await (await application(config.servers.main)).resetPassword({ username: email("nobody") });
    expect(result.isFailed() && result.error.isUserNotFound(), "isUserNotFound", result);
  },
  "error: browser required (client without the needed challenge type)": async () => {
    const server = config.servers.main;
    const username = email("redirect");
    await signUp(await application(server), server, username, PASSWORD);
    sessionStorage.clear();
    const app = await msal.CustomAuthPublicClientApplication.create({
      auth: { clientId: server.clientId, authority: `https://${server.tenant}.ciamlogin.com/${server.tenant}.onmicrosoft.com` },
      customAuth: { challengeTypes: ["redirect"], authApiProxyUrl: server.authority },
      cache: { cacheLocation: "sessionStorage" },
    });
    const result = await app.signIn({ username });
    expect(result.isFailed() && result.error.isRedirectRequired(), "isRedirectRequired", result);
  },
  "MFA: email code as second factor": async () => {
    const server = config.servers.mfa;
    const username = email("mfa");
    await signUp(await application(server, ["mfa_required"]), server, username, PASSWORD);
    const app = await application(server, ["mfa_required"]);
    const started = await app.signIn({ username, password: PASSWORD });
    expect(started.isMfaRequired(), "sign-in asks for a second factor", started);
    const methods = started.state.getAuthMethods();
    expect(methods.length > 0, "the methods are listed");
    const challenged = await started.state.requestChallenge(methods[0].id);
    expect(challenged.isVerificationRequired(), "the challenge sends a code", challenged);
    const completed = await challenged.state.submitChallenge(await code(server, username));
    expect(completed.isCompleted(), "the second factor completes the sign-in", completed);
  },
  "JIT registration of a strong-auth method": async () => {
    const server = config.servers.registration;
    const username = email("jit");
    await signUp(await application(server, ["registration_required"]), server, username, PASSWORD);
    const app = await application(server, ["registration_required"]);
    const started = await app.signIn({ username, password: PASSWORD });
    expect(started.isAuthMethodRegistrationRequired(), "sign-in asks to register a method", started);
    const methods = started.state.getAuthMethods();
    expect(methods.length > 0, "the methods are listed");
    const contact = email("jit-contact");
    const challenged = await started.state.challengeAuthMethod({ authMethodType: methods[0], verificationContact: contact });
    if (challenged.isCompleted()) return;
    expect(challenged.isVerificationRequired(), "the registration sends a code", challenged);
    const completed = await challenged.state.submitChallenge(await code(server, contact));
    expect(completed.isCompleted(), "the registration completes the sign-in", completed);
  },
};

async function report(body) {
  await fetch("/result", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
}

(async () => {
  const only = new URLSearchParams(location.search).get("only");
  for (const [name, journey] of Object.entries(journeys)) {
    if (only && !name.includes(only)) continue;
    try {
      await journey();
      await report({ name, ok: true });
    } catch (error) {
      const detail = error instanceof Unexpected ? error.message : `${error && error.name}: ${error && error.message}\n${error && error.stack}`;
      await report({ name, ok: false, detail });
    }
  }
  await report({ done: true });
})().catch((error) => report({ done: true, fatal: String(error) }));
