"""The container image's test."""
