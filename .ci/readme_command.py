"""Print one of the README's two commands, as written there: ``test`` (the fenced bash
block that runs pytest) or ``main`` (the first fenced bash block, which installs and runs the
demo). CI runs what this prints, so the README cannot drift from what CI checks."""

from __future__ import annotations

import re
import sys
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"
blocks = re.findall(r"^```bash\n(.*?)^```", README.read_text(encoding="utf-8"), re.S | re.M)
wanted = sys.argv[1] if len(sys.argv) > 1 else "test"
if wanted == "test":
    found = [b.strip() for b in blocks if "-m pytest" in b]
else:
    found = [blocks[0].strip()] if blocks else []
if len(found) != 1 or "\n" in found[0]:
    sys.exit(f"README.md must hold exactly one one-line {wanted} command in a bash block: {found}")
print(found[0])
