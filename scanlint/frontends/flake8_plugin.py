"""flake8 plugin: scanlint's findings as flake8 errors with the `SCN` prefix.

The same engine, configuration (`[tool.scanlint]` in the nearest pyproject.toml, `exclude`
included) and `# noqa` parser as `scanlint check`; flake8's own `--select`, `--ignore`,
`--per-file-ignores` and `# noqa` then apply on top, as for any plugin. A file that does not parse
gets flake8's own E999 instead of SCN000, since flake8 runs no plugin on it.

A configuration error is reported on each file as `SCN002` at line 1, naming the configuration
file and the problem, instead of stopping flake8: the user's other checks (`--select E,F`) still
run, and flake8 filters the error out when SCN is not selected.
"""

from __future__ import annotations

import ast
import io
import tokenize
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from scanlint import __version__

if TYPE_CHECKING:
    from scanlint.config import ConfigError, Settings

ErrorTuple = tuple[int, int, str, type]


class ScanlintChecker:
    name = "scanlint"
    version = __version__

    _settings_by_directory: ClassVar[dict[Path, Settings | ConfigError]] = {}

    def __init__(self, tree: ast.AST, filename: str, lines: list[str]) -> None:
        self.filename = filename
        self.lines = lines

    def run(self) -> Iterator[ErrorTuple]:
        from scanlint.api import lint_bytes
        from scanlint.config import Settings
        from scanlint.findings import READ_ERROR

        path = Path(self.filename)
        settings = self._settings_for(path)
        if not isinstance(settings, Settings):
            yield 1, 0, f"{READ_ERROR} scanlint configuration error: {settings}", type(self)
            return
        if settings.is_excluded(path):
            return
        for finding in lint_bytes(self.filename, _source_bytes(self.lines), settings):
            yield finding.line, finding.column - 1, f"{finding.code} {finding.message}", type(self)

    @classmethod
    def _settings_for(cls, path: Path) -> Settings | ConfigError:
        """The settings of the nearest `[tool.scanlint]`, or why they cannot be read; read once per
        directory."""
        from scanlint.config import ConfigError, load_settings

        directory = path.parent.resolve()
        if directory not in cls._settings_by_directory:
            try:
                cls._settings_by_directory[directory] = load_settings([directory])
            except ConfigError as error:
                cls._settings_by_directory[directory] = error
        return cls._settings_by_directory[directory]


def _source_bytes(lines: list[str]) -> bytes:
    """flake8 hands over decoded lines; encode them back with the file's own coding cookie, so the
    engine decodes them to the same text."""
    text = "".join(lines)
    head = "".join(lines[:2]).encode("utf-8", "replace")
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(head).readline)
        return text.encode(encoding)
    except (SyntaxError, LookupError, UnicodeEncodeError):
        return text.encode("utf-8")
