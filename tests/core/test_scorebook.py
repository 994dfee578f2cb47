"""Best scores survive restarts; a corrupt file never crashes a game."""

from solotable.core.scorebook import ScoreBook, settings_key


def test_best_scores_persist(tmp_path):
    path = tmp_path / "best.json"
    book = ScoreBook(path)
    assert book.submit("k", 10) == (None, True)
    assert book.submit("k", 7) == (10, False)
    assert ScoreBook(path).best("k") == 10
    assert ScoreBook(path).submit("k", 12) == (10, True)


def test_corrupt_file_is_set_aside(tmp_path):
    path = tmp_path / "best.json"
    path.write_text("{not json")
    book = ScoreBook(path)
    assert book.warning and "corrupt" in book.warning
    assert book.best("k") is None
    assert (tmp_path / "best.json.corrupt").exists()
    book.submit("k", 3)
    assert ScoreBook(path).best("k") == 3


def test_wrong_shape_is_corrupt_too(tmp_path):
    path = tmp_path / "best.json"
    path.write_text('{"k": "high"}')
    assert "corrupt" in (ScoreBook(path).warning or "")


def test_settings_key_is_order_independent():
    assert settings_key("g", {"b": 1, "a": 2}) == settings_key("g", {"a": 2, "b": 1})
