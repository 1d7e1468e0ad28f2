"""A small site of its own for the end-to-end test (site_e2e_test.py): a sign-up page with the
captcha-gen widget, on another origin than the captcha server, whose POST handler checks the pass
token with siteverify before it creates the account. What a real site's backend does, in ~100 lines.

The site answers for several hostnames (the browser maps them to this port), each with its own site
key and secret: a page on shop.test uses shop's key, and its form is checked with shop's secret.

    python -m tools.widget.site_backend --port 0 --widget-endpoint http://127.0.0.1:8080 \
        --siteverify http://127.0.0.1:8080/v1/siteverify --site shop.test=shop:SECRET ...

prints `listening on http://127.0.0.1:PORT` first. GET /accounts lists the accounts made so far.
"""
import argparse
import html
import json
import threading
import urllib.error
import urllib.parse
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>Sign up</title>
<script src="{endpoint}/widget.js" defer></script></head>
<body>
<form method="post" action="/signup">
  <label>Name <input name="name" required></label>
  {widget}
  <button type="submit">Create account</button>
</form>
</body></html>
"""

# The widget in the form: a div (the default), or /signup?widget=element, the <captcha-gen> element.
WIDGETS = {
    "div": '<div data-captcha-gen data-sitekey="{sitekey}" data-endpoint="{endpoint}" data-kind="slide"></div>',
    "element": '<captcha-gen sitekey="{sitekey}" endpoint="{endpoint}" kind="slide"></captcha-gen>',
}


def siteverify(url, secret, token):
    """The backend's call: POST the secret and the token as a form; (HTTP status, answer)."""
    body = urllib.parse.urlencode({"secret": secret, "response": token}).encode()
    request = urllib.request.Request(url, data=body, method="POST")
    request.add_header("Content-Type", "application/x-www-form-urlencoded")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


class Site(BaseHTTPRequestHandler):
    config = None  # set by main(): endpoint, siteverify URL, sites by hostname
    accounts = []
    lock = threading.Lock()

    def site(self):
        host = (self.headers.get("Host") or "").split(":")[0]
        return self.config["sites"].get(host)

    def reply(self, status, content_type, text):
        data = text.encode()
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        if self.path == "/accounts":
            with self.lock:
                return self.reply(200, "application/json", json.dumps(self.accounts))
        site = self.site()
        url = urllib.parse.urlsplit(self.path)
        variant = urllib.parse.parse_qs(url.query).get("widget", ["div"])[0]
        if url.path != "/signup" or site is None or variant not in WIDGETS:
            return self.reply(404, "text/plain", "not found")
        values = {"endpoint": self.config["endpoint"], "sitekey": html.escape(site["sitekey"])}
        page = PAGE.format(widget=WIDGETS[variant].format(**values), **values)
        self.reply(200, "text/html; charset=utf-8", page)

    def do_POST(self):
        site = self.site()
        if self.path != "/signup" or site is None:
            return self.reply(404, "text/plain", "not found")
        length = int(self.headers.get("Content-Length") or 0)
        form = urllib.parse.parse_qs(self.rfile.read(length).decode(), keep_blank_values=True)
        name = form.get("name", [""])[0]
        token = form.get("captcha-gen-response", [""])[0]
        status, answer = siteverify(self.config["siteverify"], site["secret"], token)
        if status == 503:
            # The captcha server could not check the token: never let it through; ask to retry.
            return self.reply(503, "text/plain", "the captcha could not be checked; try again in a moment")
        if not answer.get("success"):
            codes = ",".join(answer.get("error-codes", []))
            return self.reply(403, "text/plain", f"refused: {codes}")
        with self.lock:
            self.accounts.append({"name": name, "hostname": answer["hostname"], "sitekey": answer["sitekey"]})
        self.reply(201, "text/plain", f"welcome, {name}")

    def log_message(self, format, *args):
        pass


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--widget-endpoint", required=True, help="the captcha server the page's widget uses")
    parser.add_argument("--siteverify", required=True, help="the siteverify URL the backend calls")
    parser.add_argument("--site", action="append", default=[], help="HOSTNAME=SITEKEY:SECRET (repeatable)")
    args = parser.parse_args()
    sites = {}
    for entry in args.site:
        host, _, keys = entry.partition("=")
        sitekey, _, secret = keys.partition(":")
        sites[host] = {"sitekey": sitekey, "secret": secret}
    Site.config = {"endpoint": args.widget_endpoint.rstrip("/"), "siteverify": args.siteverify, "sites": sites}
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Site)
    print(f"listening on http://127.0.0.1:{server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
