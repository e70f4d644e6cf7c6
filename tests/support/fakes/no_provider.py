"""A stand-in for "no payment provider" in tests: every call is refused at once with 400.

Unless a test's fixture points them at localstripe or the provider B fake, both providers' API
bases point here. A due pass in one test meets other tests' payments in the shared database;
a closed port would make each such call wait out the SDK's retry back-off (and a real provider
is never reachable from these machines), while a 400 is a refusal the SDKs do not retry, so
those payments fail fast and dunning, not the next test, deals with them.
"""

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

REFUSAL = (
    b'{"error": {"type": "invalid_request_error", "message": "No payment provider in this test"},'
    b' "code": "NO_PROVIDER", "message": "No payment provider in this test"}'
)


class _Refuse(BaseHTTPRequestHandler):
    def _refuse(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self.send_response(400)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(REFUSAL)))
        self.end_headers()
        self.wfile.write(REFUSAL)

    do_GET = do_POST = do_DELETE = do_PATCH = _refuse

    def log_message(self, *args) -> None:  # quiet
        pass


def start() -> str:
    """Serve the refusals in a daemon thread for the rest of the process; answers its URL."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Refuse)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_port}"
