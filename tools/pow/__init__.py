"""The proof of work's checks, benchmarks and attack simulation."""
