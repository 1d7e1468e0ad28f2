"""Starting serve (the one launcher, serve_process.py), its API check and its benchmark."""
