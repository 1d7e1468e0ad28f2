"""The attack suite: the solvers an attacker would write, and their evaluation."""
