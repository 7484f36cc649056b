"""``python -m cartes``: the command line."""

from cartes.cli import main

raise SystemExit(main())
