"""Findings cached by file content, so unchanged files are not parsed again.

An entry's key is the SHA-256 of the file's bytes plus the codes that run on it (and whether
the file is read as a notebook). An entry also
records the other project files its findings depend on (a class imported from another file),
with the hash each had, and is used only while they all still have it. The cache file
itself is named after the scanlint version and the settings fingerprint, so a new version or a
new configuration starts from an empty cache. The cache lives in `.scanlint_cache/` (with a
`.gitignore` inside) next to the configuration file, or in the working directory. Writes go to a
temporary file renamed into place, so concurrent runs never see a torn file: at worst one run's
new entries are lost and recomputed next time.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from scanlint import __version__
from scanlint.config import Settings
from scanlint.findings import Finding

DIRECTORY_NAME = ".scanlint_cache"
MAX_ENTRIES = 100_000
KEEP_FILES = 4  # cache files of other versions or configurations kept, newest first


def _code_fingerprint() -> str:
    """The state of scanlint's own source, so editing a rule in a checkout invalidates the cache
    even before the version number changes."""
    package = Path(__file__).resolve().parent
    parts = []
    for path in sorted(package.rglob("*.py")):
        if "runtime" in path.relative_to(package).parts:
            continue
        stat = path.stat()
        parts.append(f"{path.relative_to(package)}:{stat.st_size}:{stat.st_mtime_ns}")
    return hashlib.sha256("|".join(parts).encode()).hexdigest()


def entry_key(data: bytes, codes: frozenset[str], notebook: bool = False) -> str:
    """The same bytes read as a notebook and as Python source have different findings."""
    digest = hashlib.sha256(data)
    digest.update(b"\0" + ",".join(sorted(codes)).encode())
    if notebook:
        digest.update(b"\0notebook")
    return digest.hexdigest()


class FindingsCache:
    def __init__(self, settings: Settings) -> None:
        self.directory = settings.root / DIRECTORY_NAME
        identity = f"{__version__}|{_code_fingerprint()}|{settings.fingerprint()}"
        name = hashlib.sha256(identity.encode()).hexdigest()[:20]
        self.file = self.directory / f"findings-{name}.json"
        self._old: dict[str, dict[str, Any]] = self._load()
        self._new: dict[str, dict[str, Any]] = {}
        self._hashes: dict[str, str | None] = {}  # this run's hashes of dependency files

    def _load(self) -> dict[str, dict[str, Any]]:
        try:
            with self.file.open(encoding="utf-8") as handle:
                loaded = json.load(handle)
        except (OSError, ValueError):
            return {}
        if not isinstance(loaded, dict) or loaded.get("version") != __version__:
            return {}
        entries = loaded.get("entries")
        return entries if isinstance(entries, dict) else {}

    def get(self, key: str, path: str) -> list[Finding] | None:
        stored = self._new.get(key, self._old.get(key))
        if not isinstance(stored, dict):
            return None
        try:
            dependencies = stored.get("dependencies", {})
            if any(self._hash(dependency) != digest for dependency, digest in dependencies.items()):
                return None
            findings = [Finding.from_json({**item, "path": path}) for item in stored["findings"]]
        except (AttributeError, KeyError, TypeError, ValueError):
            return None
        self._new[key] = stored
        return findings

    def put(self, key: str, findings: list[Finding], dependencies: dict[str, str] | None = None) -> None:
        self._new[key] = {
            "findings": [{k: v for k, v in f.to_json().items() if k != "path"} for f in findings],
            "dependencies": dependencies or {},
        }

    def _hash(self, path: str) -> str | None:
        if path not in self._hashes:
            try:
                self._hashes[path] = hashlib.sha256(Path(path).read_bytes()).hexdigest()
            except OSError:
                self._hashes[path] = None
        return self._hashes[path]

    def save(self) -> None:
        """Write this run's entries over the earlier ones (bounded, newest kept)."""
        if self._new.keys() <= self._old.keys():
            return
        entries = {**self._old, **self._new} if len(self._old) < MAX_ENTRIES else dict(self._new)
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            ignore = self.directory / ".gitignore"
            if not ignore.exists():
                ignore.write_text("# Created by scanlint; safe to delete.\n*\n", encoding="utf-8")
            handle, temporary = tempfile.mkstemp(dir=self.directory, prefix=".tmp-", suffix=".json")
            try:
                with os.fdopen(handle, "w", encoding="utf-8") as out:
                    json.dump({"version": __version__, "entries": entries}, out, separators=(",", ":"))
                os.replace(temporary, self.file)
            except BaseException:  # a full disk, or Ctrl-C: leave no temporary file behind
                with contextlib.suppress(OSError):
                    os.unlink(temporary)
                raise
            self._prune()
        except OSError:
            pass  # a read-only checkout still lints; it just cannot remember

    def _prune(self) -> None:
        """Drop the cache files of old versions and configurations, keeping the newest few."""
        others = sorted(
            (p for p in self.directory.glob("findings-*.json") if p != self.file),
            key=lambda p: p.stat().st_mtime,
            reverse=True,
        )
        for stale in others[KEEP_FILES - 1 :]:
            stale.unlink(missing_ok=True)
