"""The catalogs stay complete: every message of the source is in every language's catalog,
translated, with the same placeholders (``python -m solotable.words.tools check``)."""

from __future__ import annotations

import pytest

from solotable.words import tools


@pytest.mark.parametrize("domain", tools.domains())
def test_catalog_is_complete_and_in_step_with_the_source(domain):
    found = [p for p in tools.problems(domains=(domain,))]
    assert found == []
