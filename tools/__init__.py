"""captcha-gen's tools: tests against real components, benchmarks, attacks and checks, one package
by purpose (tools/README.md). Run each from the repository's root as a module:
`python3 -m tools.widget.browser_test --bin .build/debug/captcha-gen`."""
