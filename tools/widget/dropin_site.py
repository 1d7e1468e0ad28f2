"""A Django sign-up site protected by unmodified captcha libraries from PyPI, for the drop-in test
(dropin_e2e_test.py): django-turnstile, django-hCaptcha and django-recaptcha, each configured only
through its own settings, pointed at captcha-gen instead of its service:

    django-turnstile  TURNSTILE_JS_API_URL, TURNSTILE_VERIFY_URL, TURNSTILE_SITEKEY, TURNSTILE_SECRET
    django-hCaptcha   HCAPTCHA_JS_API_URL, HCAPTCHA_VERIFY_URL, HCAPTCHA_SITEKEY, HCAPTCHA_SECRET
    django-recaptcha  RECAPTCHA_DOMAIN (it builds https://DOMAIN/recaptcha/api.js and
                      https://DOMAIN/recaptcha/api/siteverify), RECAPTCHA_PUBLIC_KEY, RECAPTCHA_PRIVATE_KEY

GET /SERVICE/signup shows the form (a name and the library's captcha field; SERVICE is turnstile,
hcaptcha, recaptcha, or recaptcha-v3 for django-recaptcha's v3 widget with action "signup" and a
required score of 0.5); POST /SERVICE/signup lets the library validate it and answers
`welcome, NAME` or `refused: <the library's errors>`. GET /explicit/SERVICE is a page without a
library that loads the service's script with ?onload=onApi&render=explicit, for the page API.
GET /accounts lists the accounts made. Prints `listening on http://127.0.0.1:PORT` first.

    python -m tools.widget.dropin_site --port 0 --captcha http://127.0.0.1:8080 \
        --recaptcha-domain localhost:8443 --turnstile KEY:SECRET --hcaptcha KEY:SECRET --recaptcha KEY:SECRET
"""
import argparse
import html
import sys
import threading
from socketserver import ThreadingMixIn
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

import django
from django.conf import settings

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>Sign up</title>
<script>window.__passed = []; function onCaptchaPass(token) {{ window.__passed.push(token); }}</script></head>
<body>
<form method="post" action="/{service}/signup">
  <label>Name <input name="name" required></label>
  {captcha}
  <button type="submit">Create account</button>
</form>
</body></html>
"""

EXPLICIT = """<!doctype html>
<html><head><meta charset="utf-8"><title>Page API</title></head>
<body>
<form><div id="box"></div></form>
<script>window.__api = []; function onApi() {{ window.__api.push('loaded'); }}</script>
<script src="{script}?onload=onApi&render=explicit" async defer></script>
</body></html>
"""


def configure(args):
    """Django's settings: the three libraries' own settings, nothing else of theirs changed."""
    turnstile_key, turnstile_secret = args.turnstile.split(":", 1)
    hcaptcha_key, hcaptcha_secret = args.hcaptcha.split(":", 1)
    recaptcha_key, recaptcha_secret = args.recaptcha.split(":", 1)
    settings.configure(
        DEBUG=False,
        SECRET_KEY="dropin-test-only",
        ALLOWED_HOSTS=["*"],
        ROOT_URLCONF=__name__,
        INSTALLED_APPS=["turnstile", "hcaptcha", "django_recaptcha"],
        TEMPLATES=[{"BACKEND": "django.template.backends.django.DjangoTemplates", "APP_DIRS": True}],
        MIDDLEWARE=[],
        LOGGING_CONFIG=None,
        TURNSTILE_JS_API_URL=args.captcha + "/turnstile/v0/api.js",
        TURNSTILE_VERIFY_URL=args.captcha + "/turnstile/v0/siteverify",
        TURNSTILE_SITEKEY=turnstile_key,
        TURNSTILE_SECRET=turnstile_secret,
        HCAPTCHA_JS_API_URL=args.captcha + "/1/api.js",
        HCAPTCHA_VERIFY_URL=args.captcha + "/siteverify",
        HCAPTCHA_SITEKEY=hcaptcha_key,
        HCAPTCHA_SECRET=hcaptcha_secret,
        RECAPTCHA_DOMAIN=args.recaptcha_domain,
        RECAPTCHA_PUBLIC_KEY=recaptcha_key,
        RECAPTCHA_PRIVATE_KEY=recaptcha_secret,
    )
    django.setup()


def forms_by_service():
    """A sign-up form per library (imported after configure(): they read their settings on import)."""
    from django import forms
    from django_recaptcha.fields import ReCaptchaField
    from django_recaptcha.widgets import ReCaptchaV3
    from hcaptcha.fields import hCaptchaField
    from turnstile.fields import TurnstileField

    # Options as the libraries pass them on: data-* attributes, and hl into the script's URL.
    class TurnstileSignUp(forms.Form):
        captcha = TurnstileField(theme="dark", language="de", callback="onCaptchaPass")

    class HcaptchaSignUp(forms.Form):
        captcha = hCaptchaField(hl="fr", callback="onCaptchaPass")

    class RecaptchaSignUp(forms.Form):
        captcha = ReCaptchaField()

    class RecaptchaV3SignUp(forms.Form):
        captcha = ReCaptchaField(widget=ReCaptchaV3(action="signup", required_score=0.5))

    return {"turnstile": TurnstileSignUp, "hcaptcha": HcaptchaSignUp, "recaptcha": RecaptchaSignUp,
            "recaptcha-v3": RecaptchaV3SignUp}


ACCOUNTS = []
LOCK = threading.Lock()


def urlpatterns_for(forms):
    from django.http import HttpResponse, JsonResponse
    from django.urls import path

    def signup(request, service):
        form_class = forms.get(service)
        if form_class is None:
            return HttpResponse("not found", status=404, content_type="text/plain")
        if request.method == "GET":
            return HttpResponse(PAGE.format(service=service, captcha=form_class().as_div()))
        name = request.POST.get("name", "")
        form = form_class(request.POST)
        if not form.is_valid():
            errors = "; ".join(str(e) for messages in form.errors.values() for e in messages)
            return HttpResponse("refused: " + html.escape(errors), content_type="text/plain")
        with LOCK:
            ACCOUNTS.append({"name": name, "service": service})
        return HttpResponse("welcome, " + html.escape(name), content_type="text/plain")

    def explicit(request, service):
        scripts = {"turnstile": settings.TURNSTILE_JS_API_URL, "hcaptcha": settings.HCAPTCHA_JS_API_URL,
                   "recaptcha": f"https://{settings.RECAPTCHA_DOMAIN}/recaptcha/api.js"}
        if service not in scripts:
            return HttpResponse("not found", status=404, content_type="text/plain")
        return HttpResponse(EXPLICIT.format(script=scripts[service]))

    def accounts(request):
        with LOCK:
            return JsonResponse(list(ACCOUNTS), safe=False)

    return [path("<str:service>/signup", signup), path("explicit/<str:service>", explicit),
            path("accounts", accounts)]


class ThreadingWSGIServer(ThreadingMixIn, WSGIServer):
    daemon_threads = True


class QuietHandler(WSGIRequestHandler):
    def log_message(self, format, *args):
        sys.stderr.write("%s\n" % (format % args))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--captcha", required=True, help="captcha-gen's URL (Turnstile's and hCaptcha's settings)")
    parser.add_argument("--recaptcha-domain", required=True, help="host:port of captcha-gen behind HTTPS")
    parser.add_argument("--turnstile", required=True, metavar="SITEKEY:SECRET")
    parser.add_argument("--hcaptcha", required=True, metavar="SITEKEY:SECRET")
    parser.add_argument("--recaptcha", required=True, metavar="SITEKEY:SECRET")
    args = parser.parse_args()
    configure(args)
    sys.modules[__name__].urlpatterns = urlpatterns_for(forms_by_service())
    from django.core.wsgi import get_wsgi_application

    server = make_server("127.0.0.1", args.port, get_wsgi_application(),
                         server_class=ThreadingWSGIServer, handler_class=QuietHandler)
    print(f"listening on http://127.0.0.1:{server.server_port}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
