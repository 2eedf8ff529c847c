"""The benchmark corpus: the source of jax, flax, optax and chex at pinned versions.

The wheels come from PyPI (`pip download`), are checked against the pinned SHA-256 digests, and
their `.py` files are unpacked under `bench/.corpus/`:

    bench/.corpus/wheels/                 the downloaded wheels
    bench/.corpus/once/<dist>-<version>/  the corpus, one copy
    bench/.corpus/twice/copy-1/...        the corpus twice over, for the linearity measurement
    bench/.corpus/twice/copy-2/...

Run `python bench/corpus.py` to build it alone; `bench/run.py` builds it when it is missing.
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
ONCE_DIR = CORPUS_DIR / "once"
TWICE_DIR = CORPUS_DIR / "twice"
MANIFEST = CORPUS_DIR / "manifest.json"


@dataclass(frozen=True)
class PinnedWheel:
    name: str
    version: str
    sha256: str

    @property
    def filename(self) -> str:
        return f"{self.name}-{self.version}-py3-none-any.whl"


PINNED_WHEELS = (
    PinnedWheel("jax", "0.10.2", "724d73c4678d8b06f6a6ab4db1b8a2fea8cd4f1e2c2564f99601634ec7b8d1c6"),
    PinnedWheel("flax", "0.12.8", "807931d369cbc716fc447801ab39cd6c3c2614d573387a2319a028675dd34fe5"),
    PinnedWheel("optax", "0.2.8", "e3ca2d36c99daab1800ae9dbc0545034382d6bc780b24d969e1b0df65fa31cb4"),
    PinnedWheel("chex", "0.1.92", "f34989d9bff7954edfab09fba7757e3d62404da34577bff0d253599ec5b4f93d"),
)

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
    once: Path
    twice: Path
    files: tuple[Path, ...]  # every .py file of one copy, sorted
    lines: int
    bytes: int
    twice_files: int
    twice_lines: int
    clean_file: Path
    candidate_file: Path
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


def download_wheels() -> None:
    """Fetch any pinned wheel that is missing, then check every digest."""
    missing = [wheel for wheel in PINNED_WHEELS if not (WHEELS_DIR / wheel.filename).is_file()]
    if missing:
        WHEELS_DIR.mkdir(parents=True, exist_ok=True)
        requirements = [f"{wheel.name}=={wheel.version}" for wheel in missing]
        print(f"downloading {' '.join(requirements)} from PyPI ...", file=sys.stderr)
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
             "--only-binary=:all:", "--dest", str(WHEELS_DIR), *requirements],
            check=True,
        )  # fmt: skip
    for wheel in PINNED_WHEELS:
        actual = sha256_of(WHEELS_DIR / wheel.filename)
        if actual != wheel.sha256:
            raise SystemExit(
                f"{wheel.filename}: sha256 {actual} does not match the pinned {wheel.sha256}"
            )


def unpack_python_files(wheel: PinnedWheel, destination: Path) -> None:
    with zipfile.ZipFile(WHEELS_DIR / wheel.filename) as archive:
        for member in archive.namelist():
            if member.endswith(".py") and ".dist-info/" not in member:
                target = destination / member
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(archive.read(member))


def manifest_text() -> str:
    return json.dumps([[w.name, w.version, w.sha256] for w in PINNED_WHEELS], indent=1)


def build() -> None:
    """Build `once/` and `twice/` from the pinned wheels, unless they are already current."""
    if MANIFEST.is_file() and MANIFEST.read_text() == manifest_text():
        return
    download_wheels()
    for directory in (ONCE_DIR, TWICE_DIR):
        if directory.exists():
            shutil.rmtree(directory)
    for wheel in PINNED_WHEELS:
        unpack_python_files(wheel, ONCE_DIR / f"{wheel.name}-{wheel.version}")
    for copy in ("copy-1", "copy-2"):
        shutil.copytree(ONCE_DIR, TWICE_DIR / copy)
    MANIFEST.write_text(manifest_text())


def python_files(directory: Path) -> list[Path]:
    return sorted(directory.rglob("*.py"))


def median_sized(paths: list[Path]) -> Path:
    """The file whose line count is the median of `paths` (ties broken by path)."""
    ranked = sorted(paths, key=lambda path: (count_lines(path), str(path)))
    return ranked[len(ranked) // 2]


def closest_in_size(paths: list[Path], lines: int) -> Path:
    """The file whose line count is closest to `lines` (ties broken by path)."""
    return min(paths, key=lambda path: (abs(count_lines(path) - lines), str(path)))


def load() -> Corpus:
    build()
    files = python_files(ONCE_DIR)
    contents = {path: path.read_bytes() for path in files}
    clean = [p for p, data in contents.items() if not any(w in data for w in SCAN_RELATED_WORDS)]
    candidates = [p for p, data in contents.items() if CANDIDATE_MARKER in data]
    twice_files = python_files(TWICE_DIR)
    return Corpus(
        once=ONCE_DIR,
        twice=TWICE_DIR,
        files=tuple(files),
        lines=sum(len(data.splitlines()) for data in contents.values()),
        bytes=sum(len(data) for data in contents.values()),
        twice_files=len(twice_files),
        twice_lines=sum(count_lines(path) for path in twice_files),
        clean_file=closest_in_size(clean, count_lines(median_sized(files))),
        candidate_file=median_sized(candidates),
        wheels=PINNED_WHEELS,
    )


if __name__ == "__main__":
    corpus = load()
    print(f"{len(corpus.files)} files, {corpus.lines} lines under {corpus.once}")
    print(f"twice over: {corpus.twice_files} files, {corpus.twice_lines} lines under {corpus.twice}")
    print(f"clean file: {corpus.clean_file.relative_to(ONCE_DIR)} ({count_lines(corpus.clean_file)} lines)")
    print(f"candidate file: {corpus.candidate_file.relative_to(ONCE_DIR)} ({count_lines(corpus.candidate_file)} lines)")
