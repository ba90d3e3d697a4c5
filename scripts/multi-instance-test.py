#!/usr/bin/env python3
"""Run three `flowrun serve` instances on one PostgreSQL database and check they behave as one server.

Usage:
  scripts/multi-instance-test.py --flowrun PATH [--flows N] [--seconds S] [--clients C]

What it does, in order:
  1. starts a scratch PostgreSQL 15 cluster (scripts/pg_scratch.py) and three instances A, B, C of
     `flowrun serve --database URL --dev-outbox --flows flows/`, sharing one `session.key`;
  2. a load of N flows from concurrent clients: email-OTP sign-ups over the native-auth wire API, each call on
     another instance (start, challenge, continue, token), and flow-runner sessions started on one instance and
     answered on the others; some sign-ups also race the same code, and the same refresh token, on two
     instances at once (at most one may be accepted);
  3. after 40% of the flows (or of S seconds) instance B is killed with SIGKILL; calls that meet a dead
     instance are sent again to the next one, as a load balancer would; sessions waiting on B continue on A, C;
  4. checks the database: every sign-up an instance confirmed is a user, and amcheck finds the indexes sound;
  5. restarts B and signs in through it;
  6. stops PostgreSQL: the instances answer /readyz and wire calls with 503 and stay up; starts it again:
     /readyz is 200 again within 10 s and a sign-in works, without restarting the instances.

Every 5xx answer while the database is up fails the test. --clients sets the concurrent clients (default 16), --seconds bounds the load (default 40).

Prints each step and a summary; the instances' and PostgreSQL's logs are kept in a temporary folder when a
check failed. Exit codes: 0 every check passed, 1 a check failed, 2 usage error or PostgreSQL missing.
"""

import argparse
import base64
import http.client
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from concurrent.futures import ThreadPoolExecutor

sys.dont_write_bytecode = True  # no __pycache__ in scripts/
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pg_scratch  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TENANT = "contoso"
CLIENT_ID = "00000000-0000-0000-0000-00000000c11e"
CHALLENGE = "oob redirect"
SCOPE = "openid offline_access"
SESSION_FLOW = "sign-up-email-otp"
SESSION_EVERY = 5       # every 5th flow is a flow-runner session
RACE_EVERY = 10         # every 10th wire sign-up races its code and its refresh token
VICTIM = 1              # instance B is killed
PARKED_SESSIONS = 6     # sessions left waiting on B just before it is killed
CONNECTION_ERRORS = (OSError, http.client.HTTPException)


def log(message):
    """Print a progress line."""
    print(f"[{time.strftime('%H:%M:%S')}] {message}", flush=True)


class Unreachable(Exception):
    """No instance answered a call."""


class Instance:
    """One `flowrun serve` process with its own state folder."""

    def __init__(self, name, flowrun, database, root):
        self.name = name
        self.flowrun = flowrun
        self.database = database
        self.state = os.path.join(root, name)
        self.process = None
        self.port = None
        self.alive = False
        os.makedirs(self.state, exist_ok=True)

    def command(self):
        return [self.flowrun, "serve", "--database", self.database, "--port", "0", "--dev-outbox",
                "--flows", os.path.join(REPO, "flows"), "--state-dir", self.state]

    def start(self, timeout=30):
        """Start the process and read its port from the first line of its standard output."""
        out_path = os.path.join(self.state, "stdout.log")
        with open(out_path, "w") as out, open(os.path.join(self.state, "stderr.log"), "a") as err:
            self.process = subprocess.Popen(self.command(), stdout=out, stderr=err, stdin=subprocess.DEVNULL,
                                            cwd=self.state, start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with open(out_path) as out:
                line = out.readline()
            if line.endswith("\n") and "listening on" in line:
                url = urllib.parse.urlsplit(line.split("listening on", 1)[1].strip())
                self.port = url.port
                self.alive = True
                return
            if self.process.poll() is not None:
                raise RuntimeError(f"instance {self.name} exited ({self.process.returncode}): "
                                   + self.stderr_tail())
            time.sleep(0.05)
        raise RuntimeError(f"instance {self.name} printed no address in {timeout} s")

    def kill9(self):
        """SIGKILL the process, as a crash would."""
        self.alive = False
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def running(self):
        return self.process is not None and self.process.poll() is None

    def stop(self):
        """Stop the process (SIGTERM, then SIGKILL)."""
        self.alive = False
        if not self.running():
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def stderr_tail(self, lines=10):
        try:
            with open(os.path.join(self.state, "stderr.log"), errors="replace") as handle:
                return "".join(handle.readlines()[-lines:])
        except OSError:
            return ""


def http_call(port, method, path, form=None, body=None, timeout=15):
    """One HTTP request on a new connection; returns (status, parsed JSON or None, headers)."""
    headers = {"Accept": "application/json"}
    data = None
    if form is not None:
        data = urllib.parse.urlencode(form)
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    elif body is not None:
        data = json.dumps(body)
        headers["Content-Type"] = "application/json"
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request(method, path, body=data, headers=headers)
        response = conn.getresponse()
        raw = response.read()
    finally:
        conn.close()
    try:
        parsed = json.loads(raw) if raw else None
    except ValueError:
        parsed = None
    return response.status, parsed, dict(response.getheaders())


class Stats:
    """Counters shared by the client threads."""

    def __init__(self):
        self.lock = threading.Lock()
        self.counts = {}
        self.problems = []
        self.confirmed = {}           # email -> oid, sign-ups an instance confirmed with tokens
        self.session_signups = set()  # emails signed up through the flow runner

    def add(self, key, amount=1):
        with self.lock:
            self.counts[key] = self.counts.get(key, 0) + amount

    def get(self, key):
        return self.counts.get(key, 0)

    def problem(self, text):
        with self.lock:
            self.problems.append(text)
        log(f"PROBLEM: {text}")


class Cluster:
    """The instances, with calls that move on to the next instance when one does not answer."""

    def __init__(self, instances, stats):
        self.instances = instances
        self.stats = stats
        self.outage = False

    def call(self, index, method, path, form=None, body=None, tracker=None):
        """Send to instances[index]; on a connection error, send again to the next one.

        Returns (status, json, instance index). A 5xx answer while the database is up is a problem.
        """
        status, answer, i = self.send(index, method, path, form, body, tracker)
        if status >= 500 and not self.outage:
            self.stats.add("server_errors")
            if tracker is not None:
                tracker["server_error"] = True
            self.stats.problem(f"{method} {path} on {self.instances[i].name}: {status} {brief(answer)}")
        return status, answer, i

    def send(self, index, method, path, form, body, tracker):
        """One call, moved on to the next instance while instances do not answer."""
        for attempt in range(len(self.instances)):
            i = (index + attempt) % len(self.instances)
            instance = self.instances[i]
            try:
                status, answer, _ = http_call(instance.port, method, path, form, body)
            except CONNECTION_ERRORS as error:
                self.stats.add("retries")
                if tracker is not None:
                    tracker["connection_error"] = True
                if instance.alive and instance.running():
                    self.stats.problem(f"{instance.name} is up but {method} {path} failed: {error!r}")
                continue
            return status, answer, i
        raise Unreachable(f"no instance answered {method} {path}")

    def wire(self, index, endpoint, tracker=None, **params):
        """A native-auth call (form POST under the tenant)."""
        form = {"client_id": CLIENT_ID, **params}
        return self.call(index, "POST", f"/{TENANT}{endpoint}", form=form, tracker=tracker)

    def code_for(self, index, email, tracker=None):
        """The newest code the authority sent to email, read from the dev outbox."""
        query = urllib.parse.urlencode({"to": email, "limit": 1})
        status, answer, _ = self.call(index, "GET", f"/outbox?{query}", tracker=tracker)
        if status != 200 or not answer:
            raise RuntimeError(f"outbox for {email}: {status} {brief(answer)}")
        return answer[0]["code"]


def brief(answer):
    """A wire answer in a few words: the error, its codes and the first line of its description."""
    if not isinstance(answer, dict) or "error" not in answer:
        return str(answer)[:120]
    description = str(answer.get("error_description", answer.get("message", ""))).split("\r\n")[0]
    return f"{answer['error']} {answer.get('error_codes', '')} {answer.get('suberror', '')} {description}".strip()


def oid_of(tokens):
    """The user's object id from a token answer's client_info."""
    info = tokens["client_info"]
    return json.loads(base64.urlsafe_b64decode(info + "=" * (-len(info) % 4)))["uid"]


def race(cluster, indexes, endpoint, **params):
    """Send the same wire call to two instances at once; returns [(status, json), …] of those that answered."""
    barrier = threading.Barrier(len(indexes))
    results = [None] * len(indexes)

    def one(slot, index):
        form = urllib.parse.urlencode({"client_id": CLIENT_ID, **params})
        conn = http.client.HTTPConnection("127.0.0.1", cluster.instances[index].port, timeout=15)
        try:
            conn.connect()
            barrier.wait(timeout=10)
            conn.request("POST", f"/{TENANT}{endpoint}", body=form,
                         headers={"Content-Type": "application/x-www-form-urlencoded"})
            response = conn.getresponse()
            results[slot] = (response.status, json.loads(response.read() or b"null"))
        except (threading.BrokenBarrierError, *CONNECTION_ERRORS, ValueError):
            results[slot] = None
        finally:
            conn.close()

    threads = [threading.Thread(target=one, args=(slot, index)) for slot, index in enumerate(indexes)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return [result for result in results if result is not None]


def alive_pair(cluster, first):
    """Two distinct live instance indexes, starting at first when it is alive."""
    alive = [i for i in range(len(cluster.instances)) if cluster.instances[i].alive]
    alive.sort(key=lambda i: (i - first) % len(cluster.instances))
    return alive[:2]


def check_race(cluster, stats, what, answers):
    """Count a race and its double acceptance."""
    stats.add("races")
    accepted = [answer for status, answer in answers if status == 200]
    stats.add(f"{what} races")
    stats.add(f"{what} races won once", len(accepted) == 1)
    for status, answer in answers:
        if status >= 500:
            stats.add("server_errors")
            stats.problem(f"{what} race: {status} {brief(answer)}")
    if len(accepted) > 1:
        stats.add("double_acceptances")
        stats.problem(f"{what} accepted by two instances at once")
    return accepted


def wire_signup(cluster, stats, number, race_it):
    """An email-OTP sign-up over the wire, each call on another instance; True when confirmed."""
    email = f"wire{number}-{random.randrange(1 << 30):x}@example.com"
    order = [(number + k) % 3 for k in range(4)]
    tracker = {}
    status, answer, _ = cluster.wire(order[0], "/signup/v1.0/start", tracker, username=email,
                                     challenge_type=CHALLENGE)
    if status != 200:
        return finish_signup(stats, email, tracker, f"start {status} {brief(answer)}")
    status, answer, _ = cluster.wire(order[1], "/signup/v1.0/challenge", tracker,
                                     continuation_token=answer["continuation_token"], challenge_type=CHALLENGE)
    if status != 200 or answer.get("challenge_type") != "oob":
        return finish_signup(stats, email, tracker, f"challenge {status} {brief(answer)}")
    token = answer["continuation_token"]
    code = cluster.code_for(order[2], email, tracker)
    if race_it:
        pair = alive_pair(cluster, order[2])
        answers = race(cluster, pair, "/signup/v1.0/continue", continuation_token=token, grant_type="oob", oob=code)
        accepted = check_race(cluster, stats, "signup code", answers)
        if not accepted:
            return finish_signup(stats, email, tracker, f"no instance accepted the raced code: {answers}")
        answer = accepted[0]
    else:
        status, answer, _ = cluster.wire(order[2], "/signup/v1.0/continue", tracker, continuation_token=token,
                                         grant_type="oob", oob=code)
        if status != 200:
            return finish_signup(stats, email, tracker, f"continue {status} {brief(answer)}")
    status, answer, _ = cluster.wire(order[3], "/oauth2/v2.0/token", tracker,
                                     continuation_token=answer["continuation_token"],
                                     grant_type="continuation_token", username=email, scope=SCOPE,
                                     challenge_type=CHALLENGE)
    if status != 200 or "access_token" not in answer:
        return finish_signup(stats, email, tracker, f"token {status} {brief(answer)}")
    with stats.lock:
        stats.confirmed[email] = oid_of(answer)
    if race_it:
        pair = alive_pair(cluster, order[1])
        check_race(cluster, stats, "refresh token", race(
            cluster, pair, "/oauth2/v2.0/token", grant_type="refresh_token",
            refresh_token=answer["refresh_token"], scope=SCOPE))
    return finish_signup(stats, email, tracker, None)


def finish_signup(stats, email, tracker, failure):
    """Count a sign-up's end; a failure is a problem unless a connection error came first."""
    if failure is None:
        stats.add("signups_confirmed")
        return True
    if tracker.get("connection_error"):
        stats.add("signups_lost_to_kill")
    elif tracker.get("server_error"):
        stats.add("signups_failed_by_5xx")
    else:
        stats.problem(f"sign-up of {email} failed: {failure}")
    return False


def session_answer(cluster, index, session_id, inputs, tracker):
    return cluster.call(index, "POST", f"/api/v1/sessions/{session_id}/answers", body={"inputs": inputs},
                        tracker=tracker)


def start_session(cluster, index, email, tracker):
    """Start a sign-up session on instances[index] and answer its email; returns the session id."""
    status, answer, _ = cluster.call(index, "POST", f"/api/v1/flows/{SESSION_FLOW}/sessions", body={},
                                     tracker=tracker)
    if status != 201:
        raise RuntimeError(f"session start {status} {brief(answer)}")
    session_id = answer["id"]
    status, answer, _ = session_answer(cluster, index + 1, session_id, {"email": email}, tracker)
    if status != 200 or answer.get("state") != "asking" or answer["ask"]["step"] != "ask_code":
        raise RuntimeError(f"email answer {status} {brief(answer)}")
    return session_id


def finish_session(cluster, stats, index, session_id, email, tracker):
    """Answer the code of a session waiting on it; True when it ended in success."""
    code = cluster.code_for(index, email, tracker)
    status, answer, _ = session_answer(cluster, index, session_id, {"code": code}, tracker)
    if status == 200 and answer.get("state") == "ended" and answer["end"]["kind"] == "success":
        with stats.lock:
            stats.session_signups.add(email)
        return True
    raise RuntimeError(f"code answer {status} {brief(answer)}")


def flow_session(cluster, stats, number):
    """A flow-runner sign-up: started on one instance, its asks answered on the others."""
    email = f"session{number}-{random.randrange(1 << 30):x}@example.com"
    tracker = {}
    try:
        session_id = start_session(cluster, number % 3, email, tracker)
        finish_session(cluster, stats, (number + 2) % 3, session_id, email, tracker)
        stats.add("sessions_ok")
    except (RuntimeError, KeyError, TypeError) as error:
        if tracker.get("connection_error"):
            stats.add("sessions_lost_to_kill")
        elif tracker.get("server_error"):
            stats.add("sessions_failed_by_5xx")
        else:
            stats.problem(f"session sign-up of {email} failed: {error}")


def park_sessions(cluster, stats, victim):
    """Start sessions on the victim and leave them waiting on their code."""
    parked = []
    for k in range(PARKED_SESSIONS):
        email = f"parked{k}-{random.randrange(1 << 30):x}@example.com"
        try:
            parked.append((start_session_on(cluster, victim, email), email))
        except (RuntimeError, KeyError, TypeError) as error:
            stats.problem(f"parking a session on {cluster.instances[victim].name}: {error}")
    return parked


def start_session_on(cluster, index, email):
    """start_session with both calls on instances[index]."""
    tracker = {}
    status, answer, _ = cluster.call(index, "POST", f"/api/v1/flows/{SESSION_FLOW}/sessions", body={},
                                     tracker=tracker)
    if status != 201:
        raise RuntimeError(f"session start {status} {brief(answer)}")
    status, answer, _ = session_answer(cluster, index, answer["id"], {"email": email}, tracker)
    if status != 200 or answer.get("state") != "asking":
        raise RuntimeError(f"email answer {status} {brief(answer)}")
    return answer["id"]


def resume_parked(cluster, stats, parked, victim):
    """Answer the parked sessions on the instances that are still up."""
    for k, (session_id, email) in enumerate(parked):
        index = (victim + 1 + k % 2) % 3
        try:
            finish_session(cluster, stats, index, session_id, email, {})
            stats.add("sessions_continued_after_kill")
        except (RuntimeError, KeyError, TypeError, Unreachable) as error:
            stats.problem(f"session {session_id[:8]}… started on the killed instance did not continue: {error}")


def kill_during_load(cluster, stats, victim, kill_point):
    """Leave sessions waiting on the victim, SIGKILL it, and continue those sessions on the others."""
    parked = park_sessions(cluster, stats, victim)
    log(f"kill -9 instance {cluster.instances[victim].name} after {kill_point[0]} flows, "
        f"{kill_point[1]:.1f} s into the load ({len(parked)} sessions left waiting on it)")
    cluster.instances[victim].kill9()
    resume_parked(cluster, stats, parked, victim)


def run_load(cluster, stats, flows, seconds, clients, victim):
    """Run the flows from concurrent clients; kill the victim after 40% of them. Returns the kill point."""
    done = [0]
    lock = threading.Lock()
    started = time.monotonic()
    deadline = started + seconds

    def job(number):
        if time.monotonic() > deadline:
            stats.add("flows_skipped")
            return
        try:
            if number % SESSION_EVERY == SESSION_EVERY - 1:
                stats.add("sessions_run")
                flow_session(cluster, stats, number)
            else:
                stats.add("signups_run")
                wire_signup(cluster, stats, number, number % RACE_EVERY == 0)
        except (Unreachable, RuntimeError, KeyError, TypeError) as error:
            stats.problem(f"flow {number}: {error!r}")
        finally:
            with lock:
                done[0] += 1

    kill_at = max(1, int(flows * 0.4))
    kill_point = None
    pool = ThreadPoolExecutor(max_workers=clients)
    try:
        futures = [pool.submit(job, number) for number in range(flows)]
        while not all(future.done() for future in futures):
            elapsed = time.monotonic() - started
            if kill_point is None and (done[0] >= kill_at or elapsed >= seconds * 0.4):
                kill_point = (done[0], elapsed)
                kill_during_load(cluster, stats, victim, kill_point)
            time.sleep(0.02)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    if kill_point is None:
        stats.problem("the load ended before the kill point")
    return kill_point


def sign_in(cluster, index, email):
    """An email-OTP sign-in, every call on instances[index]; returns None or what went wrong."""
    status, answer, _ = cluster.wire(index, "/oauth2/v2.0/initiate", username=email, challenge_type=CHALLENGE)
    if status != 200:
        return f"initiate {status} {brief(answer)}"
    status, answer, _ = cluster.wire(index, "/oauth2/v2.0/challenge",
                                     continuation_token=answer["continuation_token"], challenge_type=CHALLENGE)
    if status != 200 or answer.get("challenge_type") != "oob":
        return f"challenge {status} {brief(answer)}"
    code = cluster.code_for(index, email)
    status, answer, _ = cluster.wire(index, "/oauth2/v2.0/token", continuation_token=answer["continuation_token"],
                                     grant_type="oob", oob=code, scope=SCOPE)
    if status != 200 or "access_token" not in answer:
        return f"token {status} {brief(answer)}"
    return None


def check_database(pg, stats):
    """Every confirmed sign-up is a complete user; amcheck finds every index sound."""
    rows = pg.psql("SELECT id, username FROM users")
    users = dict(line.split("|", 1) for line in rows.splitlines() if line)
    usernames = set(users.values())
    found = sum(1 for email, oid in stats.confirmed.items() if users.get(oid) == email)
    for email, oid in stats.confirmed.items():
        if users.get(oid) != email:
            stats.problem(f"confirmed sign-up {email} (oid {oid}) is not in the users table")
    sessions_found = sum(1 for email in stats.session_signups if email in usernames)
    if sessions_found != len(stats.session_signups):
        stats.problem(f"{len(stats.session_signups) - sessions_found} session sign-ups are not users")
    log(f"database: {found} of {len(stats.confirmed)} confirmed wire sign-ups found, "
        f"{sessions_found} of {len(stats.session_signups)} session sign-ups found ({len(users)} users in all)")
    pg.psql("CREATE EXTENSION IF NOT EXISTS amcheck")
    checked = pg.psql("SELECT count(bt_index_check(c.oid)) FROM pg_index i JOIN pg_class c "
                      "ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace "
                      "JOIN pg_am a ON a.oid = c.relam WHERE n.nspname = 'public' AND a.amname = 'btree'")
    log(f"amcheck: bt_index_check passed on {checked.strip()} indexes")
    return found


def wait_status(port, path, want, timeout):
    """Poll GET path until it answers want; returns the seconds it took, or None."""
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        try:
            if http_call(port, "GET", path, timeout=5)[0] == want:
                return time.monotonic() - started
        except CONNECTION_ERRORS:
            pass
        time.sleep(0.1)
    return None


def check_restart(cluster, stats, victim, some_user):
    """Start the killed instance again with the same command; it must be ready and sign users in."""
    instance = cluster.instances[victim]
    instance.start()
    took, problem = ready_and_signing_in(cluster, victim, some_user)
    if problem:
        stats.problem(f"restarted {instance.name}: {problem}")
    else:
        log(f"restarted {instance.name} on port {instance.port}: /readyz 200, sign-in of {some_user} works")


def ready_and_signing_in(cluster, index, some_user):
    """Wait up to 10 s for instance `index` to be ready, then sign `some_user` in through it.
    Returns (seconds until ready, None) or (None, what went wrong)."""
    took = wait_status(cluster.instances[index].port, "/readyz", 200, 10)
    if took is None:
        return None, "/readyz not 200 within 10 s"
    failure = sign_in(cluster, index, some_user)
    return (None, f"sign-in failed: {failure}") if failure else (took, None)


def check_outage(pg, cluster, stats, some_user):
    """Stop PostgreSQL: 503s and no crash; start it: ready again within 10 s, sign-ins work."""
    cluster.outage = True
    pg.stop()
    log("PostgreSQL stopped")
    for index, instance in enumerate(cluster.instances):
        status, _, _ = http_call(instance.port, "GET", "/readyz")
        wire_status = cluster.wire(index, "/signup/v1.0/start", username="outage@example.com",
                                   challenge_type=CHALLENGE)[0]
        up = instance.running() and http_call(instance.port, "GET", "/healthz")[0] == 200
        log(f"  {instance.name}: /readyz {status}, signup/start {wire_status}, process up: {up}")
        if status != 503 or wire_status != 503 or not up:
            stats.problem(f"database down: {instance.name} answered /readyz {status}, "
                          f"signup/start {wire_status}, up {up} (want 503, 503, up)")
    pg.start()
    cluster.outage = False
    log("PostgreSQL started again")
    for index, instance in enumerate(cluster.instances):
        took, problem = ready_and_signing_in(cluster, index, some_user)
        if problem:
            stats.problem(f"{instance.name} after PostgreSQL's restart: {problem}")
        else:
            log(f"  {instance.name}: /readyz 200 after {took:.1f} s, sign-in works")


def start_instances(pg, flowrun, root):
    """Start A, then B and C with A's session.key."""
    instances = [Instance(name, flowrun, pg.url, root) for name in "ABC"]
    instances[0].start()
    key = os.path.join(instances[0].state, "session.key")
    if not os.path.exists(key):
        with open(key, "wb") as handle:
            handle.write(os.urandom(32))
        os.chmod(key, 0o600)
    for instance in instances[1:]:
        shutil.copy2(key, os.path.join(instance.state, "session.key"))
        os.chmod(os.path.join(instance.state, "session.key"), 0o600)
        instance.start()
    log("instances: " + ", ".join(f"{i.name} on port {i.port}" for i in instances))
    return instances


def summary(stats, flows, kill_point, found, started):
    """Print the figures."""
    c = stats.get
    print("\n== summary ==")
    print(f"flows run:                      {c('signups_run') + c('sessions_run')} of {flows} "
          f"({c('signups_run')} wire sign-ups, {c('sessions_run')} flow-runner sessions"
          + (f", {c('flows_skipped')} skipped at the time limit" if c("flows_skipped") else "") + ")")
    if kill_point:
        print(f"instance B killed:              after flow {kill_point[0]}, {kill_point[1]:.1f} s into the load")
    print(f"sign-ups confirmed vs found:    {len(stats.confirmed)} confirmed, {found} found "
          f"({c('signups_lost_to_kill')} lost to the kill before any confirmation, "
          f"{c('signups_failed_by_5xx')} failed by a 5xx answer)")
    print(f"session sign-ups:               {c('sessions_ok')} ended in success "
          f"({c('sessions_lost_to_kill')} lost to the kill, {c('sessions_failed_by_5xx')} failed by a 5xx answer)")
    print(f"double acceptances found:       {c('double_acceptances')} in {c('races')} races "
          f"({c('signup code races won once')} of {c('signup code races')} code races and "
          f"{c('refresh token races won once')} of {c('refresh token races')} refresh races accepted once)")
    print(f"sessions continued after kill:  {c('sessions_continued_after_kill')} of {PARKED_SESSIONS}")
    print(f"retries after connection errors: {c('retries')}")
    print(f"5xx answers (database up):      {c('server_errors')}")
    print(f"total seconds:                  {time.monotonic() - started:.1f}")
    if stats.problems:
        print(f"FAILED: {len(stats.problems)} problem(s):")
        for problem in stats.problems[:30]:
            print(f"  - {problem}")
    else:
        print("PASSED")


def exercise(pg, args, stats, root, result):
    """Every step on a running cluster; fills result with the instances, the kill point and users found."""
    log(f"PostgreSQL at {pg.url}")
    instances = result["instances"] = start_instances(pg, args.flowrun, root)
    cluster = Cluster(instances, stats)
    log(f"load: {args.flows} flows, {args.clients} clients, at most {args.seconds} s")
    result["kill_point"] = run_load(cluster, stats, args.flows, args.seconds, args.clients, VICTIM)
    result["found"] = check_database(pg, stats)
    some_user = next(iter(stats.confirmed), None)
    if some_user is None:
        stats.problem("no sign-up was confirmed")
        return
    failure = sign_in(cluster, 0, some_user)
    if failure:
        stats.problem(f"sign-in of {some_user} after the load failed: {failure}")
    check_restart(cluster, stats, VICTIM, some_user)
    check_outage(pg, cluster, stats, some_user)
    for instance in instances:
        if not instance.running():
            stats.problem(f"instance {instance.name} exited: {instance.stderr_tail()}")


def run(args):
    """The whole test, cleaned up whatever happens; returns the exit code."""
    started = time.monotonic()
    stats = Stats()
    result = {"instances": [], "kill_point": None, "found": 0}
    root = tempfile.mkdtemp(prefix="multi-instance-")
    try:
        with pg_scratch.ScratchPostgres() as pg:
            try:
                exercise(pg, args, stats, root, result)
            finally:
                for instance in result["instances"]:
                    instance.stop()
                shutil.copy(os.path.join(pg.dir, "server.log"), os.path.join(root, "postgres.log"))
    except Exception as error:  # noqa: BLE001 - report anything, after cleaning up
        stats.problem(f"the test could not go on: {error!r}")
    finally:
        for instance in result["instances"]:
            instance.stop()
        if stats.problems:
            log(f"logs kept in {root}")
        else:
            shutil.rmtree(root, ignore_errors=True)
    summary(stats, args.flows, result["kill_point"], result["found"], started)
    return 1 if stats.problems else 0


def interrupt_on_signals():
    """Make SIGTERM, and SIGINT even when inherited as ignored, raise KeyboardInterrupt, so cleanup runs."""
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.default_int_handler)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--flowrun", required=True, help="the flowrun binary to test")
    parser.add_argument("--flows", type=int, default=300, help="flows in the load (default 300)")
    parser.add_argument("--seconds", type=float, default=40, help="most seconds the load may take (default 40)")
    parser.add_argument("--clients", type=int, default=16, help="concurrent clients (default 16)")
    args = parser.parse_args()
    if not (os.path.isfile(args.flowrun) and os.access(args.flowrun, os.X_OK)):
        parser.error(f"{args.flowrun} is not an executable file")
    if args.flows < 10 or args.seconds <= 0 or args.clients < 1:
        parser.error("--flows must be at least 10, --seconds positive and --clients at least 1")
    if not pg_scratch.pg_installed():
        print("multi-instance-test: PostgreSQL 15 is not installed; apt-get install postgresql", file=sys.stderr)
        return 2
    interrupt_on_signals()
    try:
        return run(args)
    except KeyboardInterrupt:
        print("multi-instance-test: interrupted; instances and cluster stopped", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
