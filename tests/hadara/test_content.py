"""Content loading: the shipped data is valid, and bad data is refused with file, record, field."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from hadara.content import (
    COLOURS,
    DATA_FILES,
    DEFAULT_DATA_DIR,
    EFFECT_KINDS,
    EPOCHS,
    ContentError,
    content_version,
    load_catalog,
)


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    for name in DATA_FILES:
        shutil.copy(DEFAULT_DATA_DIR / name, tmp_path / name)
    return tmp_path


def _edit(path: Path, fn) -> None:
    data = json.loads(path.read_text())
    fn(data)
    path.write_text(json.dumps(data))


def test_shipped_content_loads_with_counts_of_R_C1_and_R_C3():
    """R-C1, R-C3, R-C4, R-C5: the shipped data has every component in the right number."""
    cat = load_catalog()
    rules = cat.rules
    for epoch in EPOCHS:
        for colour in COLOURS:
            group = [c for c in cat.cards.values() if c.epoch == epoch and c.colour == colour]
            want = rules.purple_cards if colour == "purple" else rules.cards_per_colour
            assert len(group) == want
    assert all(len(cat.colonies_at(lv)) == 5 for lv in rules.colony_levels)
    assert len(cat.statues) == 4
    assert sorted(s.initiative for s in cat.setup_cards.values()) == [1, 2, 3, 4, 5]


def test_every_record_has_provenance_D_1():
    """D-1: every reconstructed value says where it comes from."""
    cat = load_catalog()
    assert all(c.provenance in ("rules", "secondary", "estimated") for c in cat.cards.values())
    assert {c.provenance for c in cat.colonies.values()} <= {"rules", "secondary", "estimated"}
    raw = json.loads((DEFAULT_DATA_DIR / "statues.json").read_text())
    assert all("provenance" in r for r in raw)


def test_statue_spaces_carry_the_sourced_values_R_C4():
    """R-C4: culture requirements 6/12/20/30 (a review) and a points-side bonus tile's extra
    points 2/3/4/6 (a public player aid), both single secondary sources."""
    cat = load_catalog()
    spaces = sorted(cat.statues, key=lambda s: s.requirement)
    assert [s.requirement for s in spaces] == [6, 12, 20, 30]
    assert [s.extra_points for s in spaces] == [2, 3, 4, 6]
    raw = json.loads((DEFAULT_DATA_DIR / "statues.json").read_text())
    assert all(r["provenance"]["requirement"] == "secondary" for r in raw)
    assert all(r["provenance"]["extra_points"] == "secondary" for r in raw)


def test_costs_lie_in_the_printed_ranges_R_C2():
    """R-C2: printed costs 1–4 (I), 4–7 (II), 7–9 (III); sell values 2/3/4."""
    cat = load_catalog()
    ranges = {1: (1, 4), 2: (4, 7), 3: (7, 9)}
    for card in cat.cards.values():
        lo, hi = ranges[card.epoch]
        assert lo <= card.cost <= hi, card.id
    assert cat.rules.sell_values == (2, 3, 4)


def test_every_purple_effect_exists():
    cat = load_catalog()
    present = {c.effect.id for c in cat.cards.values() if c.effect}
    assert present == set(EFFECT_KINDS)


def test_version_changes_with_the_files(data_copy: Path):
    before = content_version(data_copy)
    assert before == load_catalog(data_copy).version
    _edit(data_copy / "cards.json", lambda d: d[0].update(points=d[0]["points"] + 1))
    assert content_version(data_copy) != before


@pytest.mark.parametrize(
    ("file", "mutate", "where", "field"),
    [
        ("cards.json", lambda d: d[3].update(cost=12), "I-Y04", "cost"),
        ("cards.json", lambda d: d[0].update(colour="orange"), "I-Y01", "colour"),
        ("cards.json", lambda d: d[0]["gains"].update(luck=1), "I-Y01", "gains.luck"),
        ("cards.json", lambda d: d[0].pop("points"), "I-Y01", "points"),
        ("cards.json", lambda d: d[0].update(provenance="guess"), "I-Y01", "provenance"),
        ("cards.json", lambda d: d.pop(0), "epoch 1 yellow", "count"),
        ("colonies.json", lambda d: d[0]["front"].update(plunder=-1), "C03-1", "front.plunder"),
        ("colonies.json", lambda d: d[0].update(requirement=4), "C03-1", "requirement"),
        ("statues.json", lambda d: d[1].update(points="six"), "#1", "points"),
        ("setup_cards.json", lambda d: d[0]["A"]["tracks"].pop("food"), "S1", "tracks.food"),
        ("rules.json", lambda d: d.update(sell_values=[2, 3]), "rules", "sell_values"),
    ],
)
def test_bad_data_names_file_record_and_field(data_copy: Path, file, mutate, where, field):
    _edit(data_copy / file, mutate)
    with pytest.raises(ContentError) as err:
        load_catalog(data_copy)
    message = str(err.value)
    assert err.value.file == file
    assert where in message
    assert f"'{field}'" in message


def test_invalid_json_reports_the_line(data_copy: Path):
    (data_copy / "statues.json").write_text("[\n{\"space\": 1,\n oops\n]")
    with pytest.raises(ContentError) as err:
        load_catalog(data_copy)
    assert err.value.file == "statues.json" and "line 3" in str(err.value)


def test_data_check_cli_fails_on_bad_data(data_copy: Path, capsys):
    from hadara.cli import main

    _edit(data_copy / "cards.json", lambda d: d[5].update(cost=0))
    assert main(["data", "check", "--data", str(data_copy)]) == 1
    assert "cards.json" in capsys.readouterr().err
