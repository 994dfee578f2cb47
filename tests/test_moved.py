"""Old module paths still import for one release (issue 36; ``solotable/_moved.py``).

Each old path imports, warns with a DeprecationWarning that names the new path, and is the
*same module object* as the new one (so a class compared, patched or pickled through either
path is one class); a pickle written under an old class path still loads.
"""

from __future__ import annotations

import importlib
import importlib.util
import pickle
import subprocess
import sys
import warnings

import pytest

import solotable
from solotable import _moved
from solotable.stats.moments import Moments


def _forget(monkeypatch: pytest.MonkeyPatch, old: str) -> None:
    """Import ``old`` afresh in this process (an earlier test may have aliased it)."""
    monkeypatch.delitem(sys.modules, old, raising=False)
    parent, _, child = old.rpartition(".")
    if hasattr(sys.modules.get(parent), child):
        monkeypatch.delattr(sys.modules[parent], child)


@pytest.mark.parametrize("old", sorted(_moved.MOVED))
def test_old_path_imports_warns_and_is_the_new_module(
    monkeypatch: pytest.MonkeyPatch, old: str
) -> None:
    new = _moved.MOVED[old]
    _forget(monkeypatch, old)
    with pytest.warns(DeprecationWarning, match=f"{old} moved to {new}"):
        module = importlib.import_module(old)
    assert module is importlib.import_module(new)
    assert module.__name__ == new  # the new module keeps its own name and spec
    assert module.__spec__ is not None and module.__spec__.name == new


def test_every_new_path_is_a_module_and_no_old_path_is_a_file() -> None:
    """The table names only real new modules, and an old name never shadows a live file."""
    for old, new in _moved.MOVED.items():
        assert importlib.util.find_spec(new) is not None, new
        assert old not in _moved.MOVED.values(), old


def test_from_import_of_an_old_module(monkeypatch: pytest.MonkeyPatch) -> None:
    _forget(monkeypatch, "solotable.core.stats")
    with pytest.warns(DeprecationWarning):
        from solotable.core import stats  # type: ignore[attr-defined]
    from solotable.stats import intervals

    assert stats is intervals


def test_a_pickle_with_an_old_class_path_loads(monkeypatch: pytest.MonkeyPatch) -> None:
    m = Moments()
    m.add(3.0)
    blob = pickle.dumps(m, protocol=0)
    assert b"solotable.stats.moments" in blob
    old_blob = blob.replace(b"solotable.stats.moments", b"solotable.core.moments")
    _forget(monkeypatch, "solotable.core.moments")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        back = pickle.loads(old_blob)
    assert type(back) is Moments and back == m


def test_a_fresh_interpreter_warns_once_and_runs() -> None:
    """Outside the test-suite's process: the finder is installed by ``import solotable``."""
    code = (
        "import warnings; warnings.simplefilter('error', DeprecationWarning)\n"
        "try:\n    import solotable.core.simulation\nexcept DeprecationWarning as w:\n"
        "    print('warned:', w)\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "warned: solotable.core.simulation moved to solotable.sim.simulation" in r.stdout


def test_install_is_idempotent() -> None:
    before = list(sys.meta_path)
    _moved.install()
    assert sys.meta_path == before
    assert solotable.load_game  # the package still imports as before
