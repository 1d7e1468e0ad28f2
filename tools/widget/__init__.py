"""The widget in headless Chromium: browser, site, drop-in, proof-of-work and accessibility tests."""
