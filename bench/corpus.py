"""The benchmark corpora: Python source of JAX libraries at pinned versions.

Two named corpora:

    libs      jax, flax, optax and chex: the libraries scanlint's rules are about
    research  blackjax, rlax, optimistix, lineax, qdax and the JAX substrate of
              tensorflow-probability (only `tensorflow_probability/substrates/jax/`):
              scan-dense research code built on them

The wheels come from PyPI (`pip download`), are checked against the pinned SHA-256 digests, and
their `.py` files are unpacked under `bench/.corpus/`:

    bench/.corpus/wheels/                        the downloaded wheels (both corpora)
    bench/.corpus/<name>/once/<dist>-<version>/  the corpus, one copy
    bench/.corpus/<name>/twice/copy-1/...        the corpus twice over, for the linearity measurement
    bench/.corpus/<name>/twice/copy-2/...
    bench/.corpus/<name>/manifest.json           what <name>/ was built from

Run `python bench/corpus.py [libs|research|both]` to build them alone (default both);
`bench/run.py` and `bench/check_selection.py` build them when they are missing.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
CORPUS_DIR = BENCH_DIR / ".corpus"
WHEELS_DIR = CORPUS_DIR / "wheels"


@dataclass(frozen=True)
class PinnedWheel:
    name: str  # as the wheel's file name spells it
    version: str
    sha256: str
    tag: str = "py3-none-any"
    subtree: str = ""  # unpack only the .py files under this folder of the wheel ("" = all of them)

    @property
    def filename(self) -> str:
        return f"{self.name}-{self.version}-{self.tag}.whl"


CORPORA: dict[str, tuple[PinnedWheel, ...]] = {
    "libs": (
        PinnedWheel("jax", "0.10.2", "724d73c4678d8b06f6a6ab4db1b8a2fea8cd4f1e2c2564f99601634ec7b8d1c6"),
        PinnedWheel("flax", "0.12.8", "807931d369cbc716fc447801ab39cd6c3c2614d573387a2319a028675dd34fe5"),
        PinnedWheel("optax", "0.2.8", "e3ca2d36c99daab1800ae9dbc0545034382d6bc780b24d969e1b0df65fa31cb4"),
        PinnedWheel("chex", "0.1.92", "f34989d9bff7954edfab09fba7757e3d62404da34577bff0d253599ec5b4f93d"),
    ),
    "research": (
        PinnedWheel("blackjax", "1.7.1", "be2c7f982f4ab3afef2dd5f075dae271023fdec3d9c5d8b599ba7f2f281524fa"),
        PinnedWheel("rlax", "0.1.9", "34f64a5873aaa9d06f7cd4bb12b3abbb1aba2f0f507a5fce9b0c42d3b23f4f80"),
        PinnedWheel("optimistix", "0.1.0", "c8edda7bf7fe48839c93fcd72bce750c950ed9f7033158303150b7ab395add81"),
        PinnedWheel("lineax", "0.1.1", "2e399f1674773ab2ba54d76175a618977a554f47abd0a345198d53d92c07beb2"),
        PinnedWheel("qdax", "0.5.0", "52fc4a6b4b87f5f66e73bd02a82aab94b17ed0c0e9b84c57110b07d7741a7fa9"),
        PinnedWheel(
            "tensorflow_probability", "0.25.0",
            "f3f4d6431656c0122906888afe1b67b4400e82bd7f254b45b92e6c5b84ea8e3e",
            tag="py2.py3-none-any", subtree="tensorflow_probability/substrates/jax/",
        ),
    ),
}  # fmt: skip
CORPUS_NAMES = tuple(CORPORA)

# Words a conservative prefilter could look for. The "clean file" mentions none of them, so any
# such prefilter may skip it: of the files that qualify, the one closest in size to the corpus's
# median file. The "candidate file" calls `lax.scan`, so no prefilter may skip it: the
# median-sized of the files that do.
SCAN_RELATED_WORDS = (
    b"scan", b"fori_loop", b"while_loop", b"pytree", b"flatten", b"static", b"struct",
    b"dataclass", b"register", b"jit", b"flax", b"linen", b"nnx", b"field",
)  # fmt: skip
CANDIDATE_MARKER = b"lax.scan("


@dataclass(frozen=True)
class Corpus:
    name: str
    once: Path
    twice: Path
    files: tuple[Path, ...]  # every .py file of one copy, sorted
    lines: int
    bytes: int
    twice_files: int
    twice_lines: int
    clean_file: Path
    candidate_file: Path
    scan_dense_file: Path  # several raw loop calls in one module, near SCAN_DENSE_LINES long
    wheels: tuple[PinnedWheel, ...]

    def lines_of(self, paths: list[Path]) -> int:
        return sum(count_lines(path) for path in paths)


def count_lines(path: Path) -> int:
    return len(path.read_bytes().splitlines())


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def download_wheels(wheels: tuple[PinnedWheel, ...]) -> None:
    """Fetch any of `wheels` that is missing, then check every digest."""
    missing = [wheel for wheel in wheels if not (WHEELS_DIR / wheel.filename).is_file()]
    if missing:
        WHEELS_DIR.mkdir(parents=True, exist_ok=True)
        requirements = [f"{wheel.name}=={wheel.version}" for wheel in missing]
        print(f"downloading {' '.join(requirements)} from PyPI ...", file=sys.stderr)
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
             "--only-binary=:all:", "--dest", str(WHEELS_DIR), *requirements],
            check=True,
        )  # fmt: skip
    for wheel in wheels:
        actual = sha256_of(WHEELS_DIR / wheel.filename)
        if actual != wheel.sha256:
            raise SystemExit(
                f"{wheel.filename}: sha256 {actual} does not match the pinned {wheel.sha256}"
            )


def unpack_python_files(wheel: PinnedWheel, destination: Path) -> None:
    with zipfile.ZipFile(WHEELS_DIR / wheel.filename) as archive:
        for member in archive.namelist():
            if member.endswith(".py") and ".dist-info/" not in member and member.startswith(wheel.subtree):
                target = destination / member
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(archive.read(member))


def manifest_text(wheels: tuple[PinnedWheel, ...]) -> str:
    return json.dumps([[w.name, w.version, w.sha256, w.subtree] for w in wheels], indent=1)


def build(name: str) -> None:
    """Build `<name>/once/` and `<name>/twice/` from the pinned wheels, unless they are current."""
    wheels = CORPORA[name]
    manifest = CORPUS_DIR / name / "manifest.json"
    if manifest.is_file() and manifest.read_text() == manifest_text(wheels):
        return
    download_wheels(wheels)
    once, twice = CORPUS_DIR / name / "once", CORPUS_DIR / name / "twice"
    for directory in (once, twice):
        if directory.exists():
            shutil.rmtree(directory)
    for wheel in wheels:
        unpack_python_files(wheel, once / f"{wheel.name}-{wheel.version}")
    for copy in ("copy-1", "copy-2"):
        shutil.copytree(once, twice / copy)
    manifest.write_text(manifest_text(wheels))


def python_files(directory: Path) -> list[Path]:
    return sorted(directory.rglob("*.py"))


def median_sized(paths: list[Path]) -> Path:
    """The file whose line count is the median of `paths` (ties broken by path)."""
    ranked = sorted(paths, key=lambda path: (count_lines(path), str(path)))
    return ranked[len(ranked) // 2]


def closest_in_size(paths: list[Path], lines: int) -> Path:
    """The file whose line count is closest to `lines` (ties broken by path)."""
    return min(paths, key=lambda path: (abs(count_lines(path) - lines), str(path)))


def load(name: str) -> Corpus:
    build(name)
    once, twice = CORPUS_DIR / name / "once", CORPUS_DIR / name / "twice"
    files = python_files(once)
    contents = {path: path.read_bytes() for path in files}
    clean = [p for p, data in contents.items() if not any(w in data for w in SCAN_RELATED_WORDS)]
    candidates = [p for p, data in contents.items() if CANDIDATE_MARKER in data]
    twice_files = python_files(twice)
    return Corpus(
        name=name,
        once=once,
        twice=twice,
        files=tuple(files),
        lines=sum(len(data.splitlines()) for data in contents.values()),
        bytes=sum(len(data) for data in contents.values()),
        twice_files=len(twice_files),
        twice_lines=sum(count_lines(path) for path in twice_files),
        clean_file=closest_in_size(clean, count_lines(median_sized(files))),
        candidate_file=median_sized(candidates),
        scan_dense_file=closest_in_size(
            [p for p, data in contents.items() if data.count(b"scan(") >= SCAN_DENSE_CALLS] or files, SCAN_DENSE_LINES
        ),
        wheels=CORPORA[name],
    )


# Where a pre-commit hook lives: one module of a few hundred lines with several scans.
SCAN_DENSE_CALLS = 3
SCAN_DENSE_LINES = 650


def names(choice: str) -> tuple[str, ...]:
    """The corpus names a `--corpus` choice stands for: one name, or "both"."""
    return CORPUS_NAMES if choice == "both" else (choice,)


def describe(corpus: Corpus) -> list[str]:
    lines = [f"{corpus.name}: {len(corpus.files)} files, {corpus.lines} lines under {corpus.once}"]
    for wheel in corpus.wheels:
        paths = python_files(corpus.once / f"{wheel.name}-{wheel.version}")
        where = f" ({wheel.subtree} only)" if wheel.subtree else ""
        lines.append(f"  {wheel.name} {wheel.version}{where}: {len(paths)} files, {corpus.lines_of(paths)} lines")
    lines += [
        f"  twice over: {corpus.twice_files} files, {corpus.twice_lines} lines under {corpus.twice}",
        f"  clean file: {corpus.clean_file.relative_to(corpus.once)} ({count_lines(corpus.clean_file)} lines)",
        (
            f"  candidate file: {corpus.candidate_file.relative_to(corpus.once)}"
            f" ({count_lines(corpus.candidate_file)} lines)"
        ),
        (
            f"  scan-dense file: {corpus.scan_dense_file.relative_to(corpus.once)}"
            f" ({count_lines(corpus.scan_dense_file)} lines)"
        ),
    ]
    return lines


if __name__ == "__main__":
    choice = sys.argv[1] if len(sys.argv) > 1 else "both"
    if choice not in (*CORPUS_NAMES, "both"):
        raise SystemExit(f"usage: python corpus.py [{'|'.join(CORPUS_NAMES)}|both]")
    for name in names(choice):
        print("\n".join(describe(load(name))))
