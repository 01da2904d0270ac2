"""Open a page in real headless Chromium and report what a person would see go wrong.

Talks the DevTools protocol over --remote-debugging-pipe (file descriptors 3 and 4, one JSON
message per NUL-terminated chunk), so no port is opened and nothing beyond the standard
library is needed. Collects console errors, uncaught exceptions and failed loads, and runs one
expression in the page once it has loaded.
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import subprocess
import tempfile
import time

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--remote-debugging-pipe", "--window-size=1200,900"]


def chromium_path() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


class Browser:
    def __init__(self, timeout: float = 60.0):
        self.timeout = timeout
        self.profile = tempfile.mkdtemp(prefix="chromium-profile-")
        to_child_r, to_child_w = os.pipe()
        from_child_r, from_child_w = os.pipe()
        # Move the child's ends out of the way so dup2 onto 3 and 4 cannot clobber them.
        high_in = fcntl.fcntl(to_child_r, fcntl.F_DUPFD, 20)
        high_out = fcntl.fcntl(from_child_w, fcntl.F_DUPFD, 20)

        def wire():
            os.dup2(high_in, 3)
            os.dup2(high_out, 4)

        self.process = subprocess.Popen(
            [chromium_path(), *FLAGS, f"--user-data-dir={self.profile}", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=wire, close_fds=False)
        for fd in (to_child_r, from_child_w, high_in, high_out):
            os.close(fd)
        self.writer = os.fdopen(to_child_w, "wb", buffering=0)
        self.reader = os.fdopen(from_child_r, "rb", buffering=0)
        os.set_blocking(from_child_r, False)
        self.buffer = b""
        self.next_id = 0
        self.events: list[dict] = []

    def _read_message(self, deadline: float) -> dict:
        while b"\0" not in self.buffer:
            if time.monotonic() > deadline:
                raise TimeoutError("chromium did not answer in time")
            try:
                chunk = self.reader.read(65536)
            except BlockingIOError:
                chunk = None
            if chunk:
                self.buffer += chunk
            elif chunk == b"":
                raise RuntimeError("chromium closed the pipe")
            else:
                time.sleep(0.01)
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def send(self, method: str, params: dict | None = None, session: str | None = None) -> dict:
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self.writer.write(json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + self.timeout
        while True:
            reply = self._read_message(deadline)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def wait_for(self, method: str, session: str, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while not any(e.get("method") == method and e.get("sessionId") == session
                      for e in self.events):
            self.events.append(self._read_message(deadline))

    def close(self) -> None:
        try:
            self.send("Browser.close")
        except Exception:  # noqa: BLE001 - closing anyway
            pass
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.writer.close()
        self.reader.close()
        shutil.rmtree(self.profile, ignore_errors=True)


def visit(url: str, expression: str, *, then: str | None = None) -> dict:
    """Load `url`, evaluate `expression` (may return a promise), optionally evaluate `then`
    afterwards; return the values and every error the page reported."""
    browser = Browser()
    try:
        target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = browser.send("Target.attachToTarget",
                               {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Runtime.enable", "Log.enable", "Page.enable"):
            browser.send(domain, session=session)
        browser.send("Page.navigate", {"url": url}, session=session)
        browser.wait_for("Page.loadEventFired", session, 60)
        values = []
        for code in [expression] + ([then] if then else []):
            result = browser.send("Runtime.evaluate", {"expression": code, "awaitPromise": True,
                                                       "returnByValue": True}, session=session)
            if "exceptionDetails" in result:
                raise RuntimeError(f"evaluation failed: {result['exceptionDetails']}")
            values.append(result["result"].get("value"))
        errors = []
        for event in browser.events:
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
                errors.append("console: " + " ".join(str(a.get("value", a.get("description")))
                                                     for a in params.get("args", [])))
            elif method == "Runtime.exceptionThrown":
                errors.append("exception: " + params["exceptionDetails"].get("text", ""))
            elif method == "Log.entryAdded" and params["entry"].get("level") == "error":
                entry = params["entry"]
                errors.append(f"log: {entry.get('text')} {entry.get('url', '')}")
        return {"values": values, "errors": errors}
    finally:
        browser.close()


# What "shows every page" means, asked of the page itself: every image that is displayed has
# loaded, has a size, and decodes; the result lists the pages shown.
SHOWN_PAGES = """
(async () => {
  const shown = [...document.images].filter(i => i.offsetParent !== null);
  for (const img of shown) { img.loading = 'eager'; }
  const broken = [];
  for (const img of shown) {
    try { await img.decode(); } catch (e) { broken.push(img.getAttribute('src')); continue; }
    const r = img.getBoundingClientRect();
    if (!img.naturalWidth || r.width < 10 || r.height < 10) broken.push(img.getAttribute('src'));
  }
  return {shown: shown.map(i => i.getAttribute('src')), broken};
})()
"""

TOGGLE_GUIDES = "document.getElementById('show-guides').click(); true"
