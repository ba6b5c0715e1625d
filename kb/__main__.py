"""`python -m kb` is the `kb` command."""

from kb.cli import main

main()
