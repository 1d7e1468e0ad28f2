"""Drop-in test: unmodified Turnstile, hCaptcha and reCAPTCHA integrations from PyPI against
captcha-gen, in headless Chromium.

A Django sign-up site (dropin_site.py, on http://shop.test:B) protects one form per library:
django-turnstile, django-hCaptcha and django-recaptcha, each configured only through its own
settings: the script URL and the verify URL (django-turnstile, django-hCaptcha) or the domain
(django-recaptcha, which builds https://DOMAIN/... and so talks to captcha-gen through a TLS proxy,
tls_proxy.py, with a certificate from a test authority this script makes; the site's Python trusts
it through SSL_CERT_FILE, the browser through the certificate's key). captcha-gen runs
`serve --dev --sites` with two sites, shop (shop.test) and blog (blog.test); --dev gives the browser
the answer, so the test solves the slide puzzle with the keyboard.

For each library: the browser solves the widget the service's script rendered, the service's hidden
field holds the token, and the library's own validation accepts the sign-up; a made-up token, the
same token again, and a token of the other site are refused by the library. The options the
libraries pass on reach the widget: django-turnstile's theme, language and callback (data-*),
django-hCaptcha's hl (the script's ?hl=) and callback. django-recaptcha's v3
widget (action "signup", score 0.5 required): its submit calls grecaptcha.execute, the puzzle shows
in a dialog, the library checks the action and score siteverify gives back, and refuses a token of
another action. On a page without a library (?render=explicit&onload=): turnstile's render,
getResponse, isExpired, reset, remove with action and cdata; hcaptcha.execute's promise;
grecaptcha.ready and v3's execute.

    python3 -m tools.widget.dropin_e2e_test --bin .build/debug/captcha-gen [-k turnstile]
"""
import base64
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import unittest
import urllib.request

from selenium.webdriver.common.by import By

from tools.serve.serve_process import ListeningProcess, ServeProcess
from tools.widget.site_harness import SiteTest, new_browser, parse_arguments, post_form, run_tests, write_sites

HERE = os.path.dirname(os.path.abspath(__file__))
HOSTS = ["shop.test", "blog.test"]
ARGS = None

# Each library: its page, the element its service's script renders into, and its hidden fields.
SERVICES = {
    "turnstile": (".cf-turnstile", ["cf-turnstile-response"]),
    "hcaptcha": (".h-captcha", ["h-captcha-response", "g-recaptcha-response"]),
    "recaptcha": (".g-recaptcha", ["g-recaptcha-response"]),
}
# What each library says when it refuses a token (its own error messages).
REFUSALS = {
    "turnstile": "refused: Turnstile could not be verified.",
    "hcaptcha": "refused: hCaptcha could not be verified.",
    "recaptcha": "refused: Error verifying reCAPTCHA, please try again.",
}


class TestAuthority:
    """A certificate authority of the test and a certificate it signs for localhost (openssl)."""

    def __init__(self, folder):
        self.ca = os.path.join(folder, "ca.pem")
        self.cert = os.path.join(folder, "localhost.pem")
        self.key = os.path.join(folder, "localhost.key")
        ca_key = os.path.join(folder, "ca.key")
        request = os.path.join(folder, "localhost.csr")
        extensions = os.path.join(folder, "localhost.ext")
        with open(extensions, "w") as f:
            f.write("basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature,keyEncipherment\n"
                    "extendedKeyUsage=serverAuth\nsubjectAltName=DNS:localhost,IP:127.0.0.1\n")
        openssl = ["openssl"]
        run = lambda *args: subprocess.run(openssl + list(args), check=True, capture_output=True)  # noqa: E731
        run("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-keyout", ca_key, "-out", self.ca, "-days", "1", "-subj", "/CN=captcha-gen drop-in test CA",
            "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign")
        run("req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-keyout", self.key, "-out", request, "-subj", "/CN=localhost")
        run("x509", "-req", "-in", request, "-CA", self.ca, "-CAkey", ca_key, "-CAcreateserial",
            "-out", self.cert, "-days", "1", "-extfile", extensions)

    def spki_sha256(self):
        """The base64 SHA-256 of the certificate's public key, as Chromium's SPKI allow-list takes it."""
        key = subprocess.run(["openssl", "x509", "-in", self.cert, "-pubkey", "-noout"],
                             check=True, capture_output=True).stdout
        der = subprocess.run(["openssl", "pkey", "-pubin", "-outform", "der"], input=key,
                             check=True, capture_output=True).stdout
        return base64.b64encode(hashlib.sha256(der).digest()).decode()


class Stack:
    """captcha-gen, its TLS front, the Django site and a browser."""

    def __init__(self, args):
        self.dir = tempfile.mkdtemp(prefix="captcha-dropin-")
        self.processes = []
        self.driver = None
        sites_path, self.secrets = write_sites(self.dir)
        try:
            authority = TestAuthority(self.dir)
            serve = ServeProcess(args.bin, ["--dev", "--kind", "slide", "--pool", "4", "--rate-limit", "0",
                                            "--sites", sites_path], os.path.join(args.logs, "dropin-serve.log"))
            self.processes.append(serve)
            self.captcha = serve.url
            upstream = serve.url.split("://", 1)[1]
            proxy = ListeningProcess([sys.executable, os.path.join(HERE, "tls_proxy.py"), "--cert", authority.cert,
                                      "--key", authority.key, "--upstream", upstream],
                                     os.path.join(args.logs, "dropin-tls.log"))
            self.processes.append(proxy)
            self.tls = proxy.url
            keys = f"shop:{self.secrets['shop']}"
            site_env = dict(os.environ, SSL_CERT_FILE=authority.ca)
            site = ListeningProcess([sys.executable, os.path.join(HERE, "dropin_site.py"), "--port", "0",
                                     "--captcha", self.captcha, "--recaptcha-domain", self.tls.split("://", 1)[1],
                                     "--turnstile", keys, "--hcaptcha", keys, "--recaptcha", keys],
                                    os.path.join(args.logs, "dropin-site.log"), env=site_env)
            self.processes.append(site)
            self.site = site.url
            self.site_port = site.url.rsplit(":", 1)[1]
            self.driver = new_browser(args, HOSTS, f"--ignore-certificate-errors-spki-list={authority.spki_sha256()}")
        except Exception:
            self.stop()
            raise

    def page(self, service, host="shop.test"):
        return f"http://{host}:{self.site_port}/{service}/signup"

    def accounts(self):
        with urllib.request.urlopen(self.site + "/accounts", timeout=10) as r:
            return json.load(r)

    def stop(self):
        if self.driver:
            self.driver.quit()
        for process in reversed(self.processes):
            process.stop()


class DropInTests(SiteTest, unittest.TestCase):
    wait_seconds = 30

    @classmethod
    def make_stack(cls):
        return Stack(ARGS)

    def widget(self, service):
        selector, _ = SERVICES[service]
        return self.driver.find_element(By.CSS_SELECTOR, selector + " [data-captcha-gen]")

    def fields(self, service):
        _, names = SERVICES[service]
        return [self.driver.find_element(By.NAME, name) for name in names]

    def open(self, service, host="shop.test"):
        self.driver.get(self.stack.page(service, host))
        self.wait_for(lambda: self.driver.find_elements(By.CSS_SELECTOR, SERVICES[service][0] + " [data-state]"),
                      f"the {service} script to render its widget")

    def solve(self, service):
        """Solves the page's widget; the token in the service's hidden field(s)."""
        self.answer(self.widget(service))
        values = [field.get_attribute("value") for field in self.fields(service)]
        self.assertTrue(values[0].startswith("cg1."), values)
        self.assertEqual(set(values), {values[0]}, "every hidden field of the service holds the token")
        return values[0]

    def submit(self, service, name, token=None):
        """Submits the sign-up form (with `token` in the service's fields, when given); the site's answer."""
        return self.submit_form(name, self.fields(service) if token is not None else [], token)

    def blog_token(self, service):
        """A pass token of the other site (blog), solved on a blog.test page through the page API."""
        self.open(service, host="blog.test")
        self.driver.execute_script("""
          var node = document.createElement('div');
          node.id = 'blog-widget';
          document.body.appendChild(node);
          window.__blog = CaptchaGen.mount(node, {sitekey: 'blog', endpoint: arguments[0], kind: 'slide'});""",
                                   self.stack.captcha)
        self.answer(self.driver.find_element(By.ID, "blog-widget"))
        return self.driver.execute_script("return window.__blog.getResponse()")

    def names(self):
        return [a["name"] for a in self.stack.accounts()]

    def check_library(self, service):
        self.open(service)
        token = self.solve(service)
        if service != "recaptcha":
            self.assertEqual(self.driver.execute_script("return window.__passed"), [token], "data-callback")
        self.assertEqual(self.submit(service, f"ada-{service}"), f"welcome, ada-{service}",
                         f"{service}: the library accepted captcha-gen's token")
        self.assertIn({"name": f"ada-{service}", "service": service}, self.stack.accounts())

        self.open(service)
        self.assertEqual(self.submit(service, f"replay-{service}", token), REFUSALS[service], "a replayed token")
        self.open(service)
        made_up = "cg1.1999999999." + "A" * 43
        self.assertEqual(self.submit(service, f"made-up-{service}", made_up), REFUSALS[service], "a made-up token")
        other = self.blog_token(service)
        self.assertTrue(other.startswith("cg1."), other)
        self.open(service)
        self.assertEqual(self.submit(service, f"other-{service}", other), REFUSALS[service], "another site's token")
        self.assertEqual([n for n in self.names() if n.endswith(service)], [f"ada-{service}"])

    def test_django_turnstile(self):
        self.open("turnstile")
        root = self.widget("turnstile")
        self.assertEqual((root.get_attribute("data-theme"), root.get_attribute("lang")), ("dark", "de"),
                         "data-theme and data-language")
        self.check_library("turnstile")

    def test_django_hcaptcha(self):
        self.open("hcaptcha")
        src = self.driver.find_element(By.CSS_SELECTOR, 'script[src*="/1/api.js"]').get_attribute("src")
        self.assertTrue(src.endswith("/1/api.js?hl=fr"), src)
        self.assertEqual(self.widget("hcaptcha").get_attribute("lang"), "fr", "the script's ?hl=")
        self.check_library("hcaptcha")

    def test_django_recaptcha_through_https(self):
        self.check_library("recaptcha")
        self.open("recaptcha")
        src = self.driver.find_element(By.CSS_SELECTOR, 'script[src*="/recaptcha/api.js"]').get_attribute("src")
        self.assertTrue(src.startswith("https://localhost:"), f"the library loads its script over HTTPS: {src}")

    def submit_v3(self, name, token):
        """Posts django-recaptcha's v3 form with `token` in its field, past its submit handler."""
        self.driver.get(self.stack.page("recaptcha-v3"))
        self.driver.find_element(By.NAME, "name").send_keys(name)
        self.driver.execute_script(
            "var f = document.querySelector('input.g-recaptcha'); f.value = arguments[0]; f.form.submit();", token)
        self.wait_for(lambda: not self.driver.find_elements(By.CSS_SELECTOR, "form"), "the site's answer")
        return self.driver.find_element(By.TAG_NAME, "body").text

    def test_django_recaptcha_v3_action_and_score(self):
        """v3: the submit asks grecaptcha.execute(sitekey, {action: 'signup'}); the puzzle shows in a
        dialog; the library checks the action and the score (required 0.5) siteverify gives back."""
        self.driver.get(self.stack.page("recaptcha-v3"))
        self.driver.find_element(By.NAME, "name").send_keys("v3-ada")
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, "[data-captcha-gen]"), [],
                         "render=SITEKEY renders nothing before execute")
        self.driver.find_element(By.CSS_SELECTOR, 'button[type="submit"]').click()
        self.wait_for(lambda: self.driver.find_elements(By.CSS_SELECTOR, "[data-captcha-gen-dialog] [data-state]"),
                      "execute's dialog")
        self.answer(self.driver.find_element(By.CSS_SELECTOR, "[data-captcha-gen-dialog] [data-captcha-gen]"))
        self.wait_for(lambda: not self.driver.find_elements(By.CSS_SELECTOR, "form"), "the site's answer")
        self.assertEqual(self.driver.find_element(By.TAG_NAME, "body").text, "welcome, v3-ada")
        refused = REFUSALS["recaptcha"]
        self.assertEqual(self.submit_v3("v3-made-up", "cg1.1999999999." + "A" * 43 + "~signup"), refused)
        self.open("hcaptcha")
        wrong_action = self.solve("hcaptcha") + "~login"
        self.assertEqual(self.submit_v3("v3-login", wrong_action), refused, "another action than the form's")
        self.assertNotIn("v3-made-up", self.names())
        self.assertNotIn("v3-login", self.names())

    # -- the page API, on a page with no library (?render=explicit&onload=onApi)

    def open_explicit(self, service):
        self.driver.get(f"{self.stack.site}/explicit/{service}".replace("127.0.0.1", "shop.test"))
        self.wait_for(lambda: self.driver.execute_script("return window.__api.indexOf('loaded') >= 0"), "onload")
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, "[data-captcha-gen]"), [],
                         "render=explicit renders nothing by itself")

    def render_box(self, global_name, container, params=""):
        return self.driver.execute_script(f"""
          return {global_name}.render({json.dumps(container)}, {{sitekey: 'shop',
            callback: function (t) {{ window.__api.push(['pass', t]); }}{params}}});""")

    def box(self):
        return self.driver.find_element(By.CSS_SELECTOR, "#box [data-captcha-gen]")

    def test_turnstile_page_api_and_action_cdata(self):
        self.open_explicit("turnstile")
        wid = self.render_box("turnstile", "#box", ", action: 'login', cdata: 'order_42'")
        self.answer(self.box())
        response = self.driver.execute_script("return turnstile.getResponse(arguments[0])", wid)
        self.assertTrue(response.startswith("cg1.") and response.endswith("~login~order_42"), response)
        self.assertEqual(self.driver.execute_script("return window.__api[1]"), ["pass", response])
        self.assertEqual(self.driver.find_element(By.NAME, "cf-turnstile-response").get_attribute("value"), response)
        self.assertFalse(self.driver.execute_script("return turnstile.isExpired(arguments[0])", wid))
        status, answer = post_form(self.stack.captcha + "/turnstile/v0/siteverify",
                                   {"secret": self.stack.secrets["shop"], "response": response})
        self.assertEqual((status, answer["success"], answer["action"], answer["cdata"], answer["hostname"]),
                         (200, True, "login", "order_42", "shop.test"), answer)
        self.driver.execute_script("turnstile.reset(arguments[0])", wid)
        self.assertEqual(self.driver.execute_script("return turnstile.getResponse(arguments[0])", wid), "")
        self.assertEqual(self.driver.find_element(By.NAME, "cf-turnstile-response").get_attribute("value"), "")
        self.driver.execute_script("turnstile.remove(arguments[0])", wid)
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, "#box *"), [], "remove takes the widget away")

    def test_hcaptcha_page_api_execute_async(self):
        self.open_explicit("hcaptcha")
        wid = self.render_box("hcaptcha", "box")
        self.driver.execute_script(
            "hcaptcha.execute(arguments[0], {async: true}).then(function (r) { window.__executed = r; })", wid)
        self.answer(self.box())
        self.wait_for(lambda: self.driver.execute_script("return window.__executed"), "execute's promise")
        executed = self.driver.execute_script("return window.__executed")
        response = self.driver.execute_script("return hcaptcha.getResponse(arguments[0])", wid)
        self.assertEqual(executed, {"response": response, "key": ""})
        fields = [self.driver.find_element(By.NAME, n).get_attribute("value")
                  for n in ("h-captcha-response", "g-recaptcha-response")]
        self.assertEqual(fields, [response, response])

    def test_grecaptcha_page_api_v3_execute(self):
        self.open_explicit("recaptcha")
        self.driver.execute_script("""grecaptcha.ready(function () {
            grecaptcha.execute('shop', {action: 'shop/signup'}).then(function (t) { window.__v3 = t; }); });""")
        self.wait_for(lambda: self.driver.find_elements(By.CSS_SELECTOR, "[data-captcha-gen-dialog] [data-state]"),
                      "execute's dialog")
        self.answer(self.driver.find_element(By.CSS_SELECTOR, "[data-captcha-gen-dialog] [data-captcha-gen]"))
        self.wait_for(lambda: self.driver.execute_script("return window.__v3"), "execute's promise")
        token = self.driver.execute_script("return window.__v3")
        self.assertTrue(token.endswith("~shop/signup"), token)
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, "[data-captcha-gen-dialog]"), [],
                         "the dialog goes once the puzzle is passed")
        status, answer = post_form(self.stack.captcha + "/recaptcha/api/siteverify",
                                   {"secret": self.stack.secrets["shop"], "response": token})
        self.assertEqual((status, answer["success"], answer["score"], answer["action"]),
                         (200, True, 1.0, "shop/signup"), answer)
        self.driver.execute_script("""grecaptcha.execute('shop', {action: 'again'}).then(
            function () { window.__closed = 'resolved'; }, function (e) { window.__closed = e.message; });""")
        self.wait_for(lambda: self.driver.find_elements(By.CSS_SELECTOR, "[data-captcha-gen-dialog] [data-state]"),
                      "a second dialog")
        self.driver.find_element(By.CSS_SELECTOR, '[data-captcha-gen-dialog] button[aria-label="Close"]').click()
        self.wait_for(lambda: self.driver.execute_script("return window.__closed"), "the promise to settle")
        self.assertEqual(self.driver.execute_script("return window.__closed"), "captcha-gen: the puzzle was closed")
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, "[data-captcha-gen-dialog]"), [])


def main():
    global ARGS
    ARGS, rest = parse_arguments(__doc__)
    run_tests("drop-in", rest)


if __name__ == "__main__":
    main()
