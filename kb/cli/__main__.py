"""`python -m kb.cli` is the `kb` command, as `python -m kb` is."""

from kb.cli import main

main()
