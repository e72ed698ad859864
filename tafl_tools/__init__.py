"""Generators of committed content (puzzle and game pages, match tables, coverage report).

Each module runs as `python -m tafl_tools.<name>`; the top floor of the layer order in
`notes/architecture.md`: it may import every other package, and only tests import it.
"""
