"""A short fuzzing budget in the suite; `python tests/fuzzing.py --examples N` runs a long one."""

from __future__ import annotations

from fuzzing import run


def test_generated_programs_never_crash_the_engine_and_fixes_are_idempotent(capsys) -> None:
    tried = run(examples=60)
    assert tried >= 60
    with capsys.disabled():
        print(f"\nfuzzing: {tried} programs tried")
