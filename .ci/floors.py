"""Print ``name==version`` for every ``name>=version`` floor of pyproject.toml.

``make test-floors`` installs exactly these versions (the lowest the project declares) and runs
the tests, so a floor is a version that has been tested, not a guess.
Usage: ``python .ci/floors.py [EXTRA ...]`` (runtime dependencies plus the named extras).
"""

import re
import sys
import tomllib
from pathlib import Path

project = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text())["project"]
requirements = list(project["dependencies"])
for extra in sys.argv[1:]:
    requirements += project["optional-dependencies"][extra]
for req in requirements:
    m = re.fullmatch(r"\s*([A-Za-z0-9_.\-]+)\s*>=\s*([^,;\s]+)\s*", req)
    if m:
        print(f"{m.group(1)}=={m.group(2)}")
