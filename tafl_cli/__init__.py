"""The `tafl` command line."""
