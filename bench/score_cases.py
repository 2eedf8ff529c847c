"""Score a rule family on labelled programs (each labelled by running it with JAX or Flax).

    python bench/score_cases.py carry [DIR ...]      (default: tests/carry_cases/dev bench/carry_heldout)
    python bench/score_cases.py flax [DIR ...]       (default: tests/flax_cases/dev and every bench/flax_heldout* set, in order)
    python bench/score_cases.py metadata [DIR ...]   (default: tests/metadata_cases/dev bench/metadata_heldout)

A program labelled with a failure counts as found when scanlint reports a code for that failure;
a program labelled `ok` counts as a false alarm when scanlint reports any code of the family.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _flax_measurement_sets() -> tuple[str, ...]:
    """bench/flax_heldout, then bench/flax_heldout_2, _3, ... by number."""
    def number(path: Path) -> int:
        suffix = path.name.removeprefix("flax_heldout").lstrip("_")
        return int(suffix) if suffix else 1

    found = sorted((p for p in (ROOT / "bench").glob("flax_heldout*") if p.is_dir()), key=number)
    return tuple(str(p.relative_to(ROOT)) for p in found)


FLAX_MEASUREMENT_SETS = _flax_measurement_sets()
FAMILIES = {
    "carry": (
        "SCN2",
        ("tests/carry_cases/dev", "bench/carry_heldout"),
        {
            "drift-dtype": {"SCN203"},
            "drift-shape": {"SCN204"},
            "drift-structure": {"SCN207", "SCN205", "SCN206"},
            "not-pair": {"SCN201", "SCN202"},
            "cond-not-scalar-bool": {"SCN208"},
            "ok": set(),
        },
    ),
    "flax": (
        "SCN1",
        ("tests/flax_cases/dev", *FLAX_MEASUREMENT_SETS),
        {
            # SCN105 too: an NNX module that stores loop values in a Python list it keeps leaks them;
            # SCN106: a list, dict or name made outside the body that it stores loop values in
            "unexpected-tracer": {"SCN101", "SCN102", "SCN104", "SCN105", "SCN106"},
            "modify-scope": {"SCN102"},
            "same-values": {"SCN103"},
            "trace-context": {"SCN105"},
            "ok": set(),
        },
    ),
    "metadata": (
        "SCN3",
        ("tests/metadata_cases/dev", "bench/metadata_heldout"),
        {
            "metadata-error": {"SCN301", "SCN302", "SCN303"},
            "recompiles": {"SCN301", "SCN302", "SCN303"},
            "ok": set(),
        },
    ),
}


def label_of(path: Path) -> str:
    for line in path.read_text().splitlines():
        if line.startswith("# label:"):
            return line.split(":", 1)[1].strip()
    raise SystemExit(f"{path}: no '# label:' header")


def findings(paths: list[Path], family: str) -> dict[str, set[str]]:
    result = subprocess.run(
        [sys.executable, "-m", "scanlint", "check", "--no-cache", "--output-format", "json", "--select", family, *map(str, paths)],
        capture_output=True, text=True, cwd=ROOT,
    )
    if result.returncode not in (0, 1):
        raise SystemExit(result.stderr)
    found: dict[str, set[str]] = {}
    for finding in json.loads(result.stdout):
        found.setdefault(str(Path(ROOT, finding["path"]).resolve()), set()).add(finding["code"])
    return found


def score(directory: Path, family: str, expected: dict[str, set[str]]) -> None:
    programs = sorted(directory.glob("*.py"))
    found = findings(programs, family)
    positives = true_positives = false_alarms = negatives = 0
    misses, wrong = [], []
    for program in programs:
        label = label_of(program)
        codes = found.get(str(program.resolve()), set())
        if label == "ok":
            negatives += 1
            if codes:
                false_alarms += 1
                wrong.append(f"false alarm {sorted(codes)}: {program.name}")
            continue
        positives += 1
        if codes & expected[label]:
            true_positives += 1
        else:
            misses.append(f"missed {label} (got {sorted(codes) or 'nothing'}): {program.name}")
    reported = true_positives + false_alarms + len([m for m in misses if "got nothing" not in m])
    precision = true_positives / reported if reported else 1.0
    print(f"{directory}: {positives} failing programs, {negatives} working ones")
    print(f"  recall {true_positives}/{positives} = {true_positives / max(positives, 1):.2f}; "
          f"precision {precision:.2f}; false alarms on working programs: {false_alarms}")
    for line in wrong + misses:
        print("   ", line)


def main() -> None:
    if len(sys.argv) < 2 or sys.argv[1] not in FAMILIES:
        raise SystemExit(f"usage: score_cases.py {{{'|'.join(FAMILIES)}}} [DIR ...]")
    family, defaults, expected = FAMILIES[sys.argv[1]]
    directories = [Path(a).resolve() for a in sys.argv[2:]] or [ROOT / d for d in defaults]
    for directory in directories:
        score(directory, family, expected)


if __name__ == "__main__":
    main()
