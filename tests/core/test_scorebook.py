"""The old best-score file is read tolerantly (it is imported once into the store)."""

from solotable.core.scorebook import data_home, read_legacy_scores, settings_key


def test_legacy_scores_are_read(tmp_path):
    path = tmp_path / "best.json"
    path.write_text('{"k": 10, "j": 2.5}')
    assert read_legacy_scores(path) == ({"k": 10.0, "j": 2.5}, None)


def test_a_missing_file_is_no_scores_and_no_warning(tmp_path):
    assert read_legacy_scores(tmp_path / "none.json") == ({}, None)


def test_damaged_files_give_a_warning_never_a_crash(tmp_path):
    path = tmp_path / "best.json"
    for content in (b"{not json", b'{"k": "high"}', b'{"k": 1}\xff', b"[1, 2]"):
        path.write_bytes(content)
        scores, warning = read_legacy_scores(path)
        assert warning and "best scores" in warning, content
        assert scores == {}


def test_solotable_home_overrides_the_data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLOTABLE_HOME", str(tmp_path))
    assert data_home() == tmp_path
    monkeypatch.delenv("SOLOTABLE_HOME")
    assert data_home() != tmp_path and "solotable" in str(data_home())


def test_settings_key_is_order_independent():
    assert settings_key("g", {"b": 1, "a": 2}) == settings_key("g", {"a": 2, "b": 1})
