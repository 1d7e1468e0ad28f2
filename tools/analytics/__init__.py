"""The analytics tests and the simulated day: serve on PostgreSQL against the report."""
