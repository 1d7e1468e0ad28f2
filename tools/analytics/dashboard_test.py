"""The operator's dashboard in headless Chromium: the sign-in form by keyboard, then every figure of
the report's rows (GET /admin/v1/report) in the dashboard's table; no Content-Security-Policy
violation, no script, the token never on the page nor readable by a script; the site picker works by
keyboard; axe-core finds no serious or critical violation on the sign-in form or the dashboard. With --screenshot, the signed-in page is saved there (docs/images/dashboard.png).

    .venv-browser/bin/python -m tools.analytics.dashboard_test --bin .build/debug/captcha-gen
"""
import argparse
import hashlib
import json
import os
import sys
import tempfile
import unittest
import uuid

import axe_playwright_python
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from tools.analytics.funnel_test import request
from tools.serve.serve_process import ServeProcess

# axe-core as PyPI's axe-playwright-python carries it (tools/widget/a11y_test.py audits the widget).
AXE_SOURCE = os.path.join(os.path.dirname(axe_playwright_python.__file__), "axe.min.js")
BLOCKING = ("serious", "critical")
RUN_AXE = """
const done = arguments[arguments.length - 1];
axe.run(document, {resultTypes: ['violations']}).then(function (r) {
  done(r.violations.map(function (v) {
    return {id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map(function (n) { return n.target.join(' '); })};
  }));
}, function (e) { done([{id: 'axe-error', impact: 'critical', help: String(e), nodes: []}]); });
"""

ARGS = None
TOKEN = "dashboard-test-" + uuid.uuid4().hex
SECRET = "dashboard-secret-" + uuid.uuid4().hex
METRICS = ["issued", "shown", "attempted", "passed_first", "passed_later", "abandoned", "tokens",
           "siteverify_success"]


class DashboardTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        folder = tempfile.mkdtemp(prefix="dashboard-test-")
        sites = {"sites": [
            {"sitekey": "shop", "secret_sha256": hashlib.sha256(SECRET.encode()).hexdigest(), "hostnames": ["*"],
             "looks": [{"name": "a", "weight": 1}, {"name": "b", "weight": 1, "steps": 8}]},
            {"sitekey": "blog", "secret_sha256": hashlib.sha256(b"blog").hexdigest(), "hostnames": ["*"]}]}
        with open(os.path.join(folder, "sites.json"), "w") as f:
            json.dump(sites, f)
        with open(os.path.join(folder, "admin.token"), "w") as f:
            f.write(TOKEN + "\n")
        cls.server = ServeProcess(ARGS.bin, [
            "--sites", os.path.join(folder, "sites.json"), "--admin-token-file", os.path.join(folder, "admin.token"),
            "--dev", "--pow", "off", "--kind", "slide", "--pool", "4"], os.path.join(folder, "serve.log"))
        cls.script_traffic()
        options = webdriver.ChromeOptions()
        options.binary_location = ARGS.chromium
        for flag in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,1800",
                     "--hide-scrollbars", "--force-device-scale-factor=1"]:
            options.add_argument(flag)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        cls.driver = webdriver.Chrome(service=Service(ARGS.chromedriver), options=options)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.server.stop()

    @classmethod
    def script_traffic(cls):
        """Passes, failures and a siteverify with its replay on shop; one pass on blog."""
        url = cls.server.url
        tokens = []
        for site, right in [("shop", True)] * 6 + [("shop", False)] * 3 + [("blog", True)]:
            _, challenge, _ = request(url + "/v1/challenges", {"sitekey": site})
            answer = challenge["answer"]
            if "steps" in answer:
                index = answer["steps"]["index"]
                body = {"step": index if right else (index + 1) % answer["steps"]["count"]}
            else:
                x = answer["target"]["x"]
                body = {"x": x if right else (x - 50 if x > 60 else x + 50), "y": answer["target"]["y"]}
            body["client"] = {"attempt": 1, "shown_ms": 120, "solve_ms": 3200}
            _, verdict, _ = request(url + f"/v1/challenges/{challenge['id']}/verify", body)
            if site == "shop" and verdict.get("token"):
                tokens.append(verdict["token"])
        for token in [tokens[0], tokens[0], tokens[1]]:
            request(url + "/v1/siteverify", {"secret": SECRET, "response": token})
        cls.tokens = tokens

    def wait(self, condition, what):
        WebDriverWait(self.driver, 15).until(lambda d: condition(), message=what)

    def sign_in(self):
        self.driver.get(self.server.url + "/admin/dashboard.css")
        self.driver.delete_all_cookies()
        self.driver.get(self.server.url + "/admin/")
        self.wait(lambda: self.driver.find_elements(By.ID, "token"), "the sign-in form")
        active = self.driver.switch_to.active_element
        self.assertEqual(active.get_attribute("id"), "token", "the token field has the focus")
        active.send_keys(TOKEN + Keys.ENTER)
        self.wait(lambda: self.driver.find_elements(By.CSS_SELECTOR, "table"), "the dashboard's tables")

    def test_every_figure_of_the_report_is_on_the_dashboard(self):
        self.sign_in()
        status, report, text = request(self.server.url + "/admin/v1/report?since=24h",
                                       headers={"Authorization": "Bearer " + TOKEN})
        self.assertEqual(status, 200, text)
        self.assertEqual({s["sitekey"] for s in report["sites"]}, {"shop", "blog"})
        rows = 0
        for site in report["sites"]:
            section = self.driver.find_element(By.XPATH, f"//section[h2[text()='Site {site['sitekey']}']]")
            for row in site["rows"]:
                selector = (f"tr[data-kind='{row['kind']}'][data-look='{row['look']}']"
                            f"[data-audience='{row['audience']}']")
                line = section.find_element(By.CSS_SELECTOR, selector)
                cells = {c.get_attribute("data-metric"): c.text for c in line.find_elements(By.CSS_SELECTOR, "td")}
                for metric in METRICS:
                    self.assertEqual(cells[metric], str(row[metric]), f"{site['sitekey']} {selector} {metric}")
                self.assertEqual(cells["failed"], str(sum(row["failed"].values())))
                self.assertEqual(cells["siteverify_failure"], str(sum(row["siteverify_failure"].values())))
                if row["first_try_rate"]["value"] is not None:
                    self.assertTrue(cells["first_try_rate"].startswith(f"{round(row['first_try_rate']['value'] * 100)}%"))
                rows += 1
        self.assertGreaterEqual(rows, 2)
        charts = self.driver.find_elements(By.CSS_SELECTOR, "svg.chart[role='img']")
        self.assertGreaterEqual(len(charts), 10, "five charts per site")
        for chart in charts:
            self.assertTrue(chart.find_element(By.TAG_NAME, "title").get_attribute("textContent"))
        if ARGS.screenshot:
            self.driver.save_screenshot(ARGS.screenshot)

    def test_no_policy_violation_no_script_and_no_token_on_the_page(self):
        self.sign_in()
        self.assertEqual(self.driver.find_elements(By.TAG_NAME, "script"), [])
        self.assertNotIn(TOKEN, self.driver.page_source)
        for token in self.tokens:
            self.assertNotIn(token, self.driver.page_source)
        self.assertEqual(self.driver.execute_script("return document.cookie"), "", "the cookie is HttpOnly")
        styled = self.driver.execute_script(
            "return getComputedStyle(document.querySelector('thead th')).backgroundColor")
        self.assertNotEqual(styled, "rgba(0, 0, 0, 0)", "the stylesheet from /admin/dashboard.css applies")
        violations = [e["message"] for e in self.driver.get_log("browser") if "Content Security Policy" in e["message"]]
        self.assertEqual(violations, [])

    def test_the_site_picker_works_by_keyboard(self):
        self.sign_in()
        picker = self.driver.find_element(By.ID, "site")
        picker.send_keys("blog")
        picker.send_keys(Keys.TAB)  # the period field
        self.driver.switch_to.active_element.send_keys(Keys.TAB)  # the Show button
        self.assertEqual(self.driver.switch_to.active_element.text, "Show")
        self.driver.switch_to.active_element.send_keys(Keys.ENTER)
        self.wait(lambda: "site=blog" in self.driver.current_url, "the blog's dashboard")
        headings = [h.text for h in self.driver.find_elements(By.TAG_NAME, "h2")]
        self.assertEqual(headings, ["Site blog"])

    def axe_violations(self):
        """axe-core's violations on the page now shown (injected through the driver, which the page's
        Content-Security-Policy does not govern)."""
        with open(AXE_SOURCE) as f:
            self.driver.execute_script(f.read())
        return self.driver.execute_async_script(RUN_AXE)

    def test_axe_finds_no_serious_violation_on_the_sign_in_form_or_the_dashboard(self):
        self.driver.get(self.server.url + "/admin/dashboard.css")
        self.driver.delete_all_cookies()
        self.driver.get(self.server.url + "/admin/")
        self.wait(lambda: self.driver.find_elements(By.ID, "token"), "the sign-in form")
        found = [("sign-in", v) for v in self.axe_violations()]
        self.sign_in()
        found += [("dashboard", v) for v in self.axe_violations()]
        for page, v in found:
            print(f"  axe on the {page}: {v['impact']} {v['id']}: {v['help']} ({', '.join(v['nodes'][:3])})")
        blocking = [f"{page}: {v['id']}" for page, v in found if v["impact"] in BLOCKING]
        self.assertEqual(blocking, [], "serious or critical accessibility violations")

    def test_a_request_without_the_token_gets_the_sign_in_form(self):
        self.driver.get(self.server.url + "/admin/dashboard.css")
        self.driver.delete_all_cookies()
        self.driver.get(self.server.url + "/admin/")
        self.assertTrue(self.driver.find_elements(By.ID, "token"))
        self.assertEqual(self.driver.find_elements(By.TAG_NAME, "table"), [])
        self.driver.find_element(By.ID, "token").send_keys("wrong" + Keys.ENTER)
        self.wait(lambda: self.driver.find_elements(By.CSS_SELECTOR, "[role='alert']"), "the refusal")
        self.assertEqual(self.driver.find_element(By.CSS_SELECTOR, "[role='alert']").text,
                         "That is not the admin token.")


def main():
    global ARGS
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", required=True, help="the captcha-gen binary (captcha-gen-serve beside it)")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    parser.add_argument("--screenshot", help="save the signed-in dashboard here (PNG)")
    ARGS, rest = parser.parse_known_args()
    unittest.main(argv=[sys.argv[0], *rest], verbosity=2)


if __name__ == "__main__":
    main()
