"""`scanlint server`: a Language Server for editors (pygls, from the `lsp` extra).

Diagnostics are published when a document is opened, changed (once typing pauses) or saved. They
come from the editor's text, not the file on disk, linted with the configuration `scanlint check`
uses for the document's path: the nearest `[tool.scanlint]`, its `exclude` and `per-file-ignores`,
and `# noqa`. Code actions offer each finding's fix, the safe ones as preferred, and
`source.fixAll.scanlint` applies every safe fix. Nothing here imports JAX.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
import threading
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlparse

from lsprotocol import types
from pygls.capabilities import get_capability
from pygls.lsp.server import LanguageServer
from pygls.workspace import TextDocument

from scanlint import __version__
from scanlint.api import lint_editor_text
from scanlint.config import ConfigError, Settings, load_settings
from scanlint.discovery import PYTHON_SUFFIXES
from scanlint.findings import Finding
from scanlint.fixes.apply import applicable, fix_one, fix_text
from scanlint.source import split_lines

FIX_ALL_KIND = "source.fixAll.scanlint"
CONFIGURATION_FILE = "pyproject.toml"
# A change is linted once the document has stayed at its version this long, not on every keystroke.
CHANGE_PAUSE_SECONDS = 0.2

logger = logging.getLogger(__name__)


class TextPositions:
    """Offsets into a document's text and LSP positions, whose characters are counted in the
    encoding agreed with the client (UTF-16 code units unless it offered another). Lines end at
    \\n, \\r\\n and \\r only, as in LSP (`str.splitlines` also breaks at form feeds and Unicode
    line separators, which would shift every later line)."""

    def __init__(self, text: str, encoding: str) -> None:
        self.text = text
        self.encoding = encoding
        self.lines = split_lines(text, keepends=True)
        self.starts = [0]
        for line in self.lines:
            self.starts.append(self.starts[-1] + len(line))

    def units(self, text: str) -> int:
        if self.encoding == "utf-8":
            return len(text.encode("utf-8", "surrogatepass"))
        if self.encoding == "utf-32":
            return len(text)
        return len(text.encode("utf-16-le", "surrogatepass")) // 2

    def _content(self, line: int) -> str:
        """A line (0-based) without its line ending; "" past the last line."""
        if line >= len(self.lines):
            return ""
        return self.lines[line].rstrip("\r\n")

    def offset_of_column(self, line: int, column: int) -> int:
        """The offset of a 0-based line and a 0-based column in code points, as findings count them
        (clamped to the line, and to the end of the text)."""
        if line >= len(self.lines):
            return len(self.text)
        return self.starts[line] + min(max(column, 0), len(self._content(line)))

    def offset_of(self, position: types.Position) -> int:
        """The offset of a position the client sent (clamped to its line, and to the text)."""
        if position.line >= len(self.lines):
            return len(self.text)
        content = self._content(position.line)
        counted = 0
        for index, character in enumerate(content):
            if counted >= position.character:
                return self.starts[position.line] + index
            counted += self.units(character)
        return self.starts[position.line] + len(content)

    def position(self, offset: int) -> types.Position:
        line = bisect_right(self.starts, offset) - 1
        if line >= len(self.lines) and self.lines and not self.lines[-1].endswith(("\n", "\r")):
            line = len(self.lines) - 1  # the end of a last line that has no line ending
        line = max(line, 0)
        return types.Position(line=line, character=self.units(self.text[self.starts[line] : offset]))

    def range(self, start: int, end: int) -> types.Range:
        return types.Range(start=self.position(start), end=self.position(end))

    def finding_span(self, finding: Finding) -> tuple[int, int]:
        """The offsets a finding covers; one character when it marks a point (a syntax error)."""
        start = self.offset_of_column(finding.line - 1, finding.column - 1)
        end = self.offset_of_column(finding.end_line - 1, finding.end_column - 1)
        if end <= start:
            line_end = self.offset_of_column(finding.line - 1, len(self.text))
            end = min(start + 1, line_end)
        return start, end


@dataclass(frozen=True)
class LintedText:
    """The findings of one version of a document's text: edits are computed on this text only."""

    uri: str
    version: int | None
    text: str
    path: Path
    codes: frozenset[str]
    findings: tuple[Finding, ...]


class ScanlintServer(LanguageServer):
    def __init__(self) -> None:
        # The client sends the whole text on each change: a linter reads all of it anyway, and
        # pygls' incremental updates split lines the way `str.splitlines` does, not as LSP does.
        super().__init__("scanlint", __version__, text_document_sync_kind=types.TextDocumentSyncKind.Full)
        self.linted: dict[str, LintedText] = {}
        self.messages_shown: set[str] = set()

    def shutdown(self) -> None:
        # pygls waits for its thread pool here, and one of its threads stays blocked reading stdin
        # for as long as the client keeps the pipe open: stopping on exit or SIGTERM would hang.
        if self._thread_pool is not None:
            self._thread_pool.shutdown(wait=False, cancel_futures=True)
            self._thread_pool = None
        super().shutdown()

    @property
    def position_encoding(self) -> str:
        """"utf-8", "utf-16" or "utf-32", as agreed with the client when it initialized."""
        encoding = self.workspace.position_encoding or types.PositionEncodingKind.Utf16
        return str(getattr(encoding, "value", encoding))  # lsprotocol's enum, or the client's string

    def show_once(self, message: str, kind: types.MessageType = types.MessageType.Error) -> None:
        """A message for the user, shown once per server (it would come back on every keystroke)."""
        logger.warning("%s", message)
        if message not in self.messages_shown:
            self.messages_shown.add(message)
            self.window_show_message(types.ShowMessageParams(type=kind, message=message))

    def open_document(self, uri: str) -> TextDocument | None:
        """The open document of this URI (pygls keeps them under the unquoted URI); None when the
        client has not opened it, rather than pygls' view of the file on disk."""
        documents = self.workspace.text_documents
        return documents.get(uri) or documents.get(unquote(uri))

    def open_uris(self) -> list[str]:
        return [document.uri for document in self.workspace.text_documents.values()]

    def lint(self, uri: str) -> LintedText | None:
        """The findings for the open document's current text, computed once per version; None for
        a document that is not open or not Python, or when the configuration cannot be read."""
        document = self.open_document(uri)
        if document is None:
            return None
        text = document.source
        known = self.linted.get(uri)
        if known is not None and known.version == document.version and known.text == text:
            return known
        path = document_path(document)
        if not is_python(document, path):
            return None
        settings = self.settings_for(path)
        if settings is None:
            return None
        if len(text.encode("utf-8", "surrogatepass")) > settings.max_file_bytes:
            self.show_once(
                f"scanlint: {path} is not linted: it is larger than max-file-size "
                f"({settings.max_file_megabytes:g} MB)",
                types.MessageType.Info,
            )
            return None
        try:
            findings = lint_editor_text(path, text, settings)
        except Exception as error:  # a bug of ours must not take the editor's server down
            logger.exception("linting %s failed", path)
            self.show_once(f"scanlint: internal error while linting {path}: {type(error).__name__}: {error}")
            return None
        linted = LintedText(uri, document.version, text, path, settings.codes_for(path), tuple(findings))
        self.linted[uri] = linted
        return linted

    def settings_for(self, path: Path) -> Settings | None:
        """The settings `scanlint check` would use for `path`, which may not exist yet: the
        nearest `[tool.scanlint]` above it."""
        start = path
        while not _exists(start) and start.parent != start:
            start = start.parent
        try:
            return load_settings([start])
        except ConfigError as error:
            self.show_once(f"scanlint: {error}")
            return None

    def relint_open_documents(self) -> None:
        """After a configuration change: every open document, with the settings read again."""
        self.linted.clear()
        for uri in self.open_uris():
            self.publish(uri)

    def publish(self, uri: str) -> None:
        linted = self.lint(uri)
        if linted is None:
            diagnostics: list[types.Diagnostic] = []
            version = None
        else:
            positions = TextPositions(linted.text, self.position_encoding)
            diagnostics = [diagnostic(finding, positions) for finding in linted.findings]
            version = linted.version
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics, version=version)
        )

    def code_actions(self, params: types.CodeActionParams) -> list[types.CodeAction]:
        uri = params.text_document.uri
        linted = self.lint(uri)
        if linted is None or not linted.findings:
            return []
        only = params.context.only
        positions = TextPositions(linted.text, self.position_encoding)
        asked_start = positions.offset_of(params.range.start)
        asked_end = positions.offset_of(params.range.end)
        actions = []
        if _wanted(types.CodeActionKind.QuickFix, only):
            for finding in linted.findings:
                start, end = positions.finding_span(finding)
                if start <= asked_end and asked_start <= end and applicable(finding, unsafe=True):
                    action = self.quick_fix(linted, finding, positions)
                    if action is not None:
                        actions.append(action)
        if _wanted(FIX_ALL_KIND, only):
            action = self.fix_all(linted, positions)
            if action is not None:
                actions.append(action)
        return actions

    def quick_fix(self, linted: LintedText, finding: Finding, positions: TextPositions) -> types.CodeAction | None:
        assert finding.fix is not None
        fixed = fix_one(linted.text, finding)
        if fixed is None:
            return None
        safe = applicable(finding, unsafe=False)
        label = f"{finding.code}: {finding.fix.message}" if safe else f"{finding.code} (unsafe fix): {finding.fix.message}"
        return types.CodeAction(
            title=f"Fix {label}",
            kind=types.CodeActionKind.QuickFix,
            diagnostics=[diagnostic(finding, positions)],
            is_preferred=True if safe else None,
            edit=self.workspace_edit(linted, fixed, positions),
        )

    def fix_all(self, linted: LintedText, positions: TextPositions) -> types.CodeAction | None:
        if not any(applicable(finding, unsafe=False) for finding in linted.findings):
            return None
        fixed, applied = fix_text(str(linted.path), linted.text, linted.codes, unsafe=False)
        if not applied or fixed == linted.text:
            return None
        return types.CodeAction(
            title="Fix all safe scanlint findings",
            kind=FIX_ALL_KIND,
            edit=self.workspace_edit(linted, fixed, positions),
        )

    def workspace_edit(self, linted: LintedText, fixed: str, positions: TextPositions) -> types.WorkspaceEdit:
        """The change from the linted text to `fixed` as one edit, tied to the linted version so that
        the client refuses it once the document has changed."""
        start, end, replacement = smallest_change(linted.text, fixed)
        edit = types.TextEdit(range=positions.range(start, end), new_text=replacement)
        if get_capability(self.client_capabilities, "workspace.workspace_edit.document_changes", False):
            return types.WorkspaceEdit(
                document_changes=[
                    types.TextDocumentEdit(
                        text_document=types.OptionalVersionedTextDocumentIdentifier(uri=linted.uri, version=linted.version),
                        edits=[edit],
                    )
                ]
            )
        return types.WorkspaceEdit(changes={linted.uri: [edit]})


def diagnostic(finding: Finding, positions: TextPositions) -> types.Diagnostic:
    return types.Diagnostic(
        range=positions.range(*positions.finding_span(finding)),
        message=finding.message,
        severity=types.DiagnosticSeverity.Warning,
        code=finding.code,
        source="scanlint",
    )


def smallest_change(text: str, fixed: str) -> tuple[int, int, str]:
    """(start, end, replacement): the span of `text` that differs from `fixed`, and what replaces
    it. Never splits a \\r\\n pair, which LSP positions cannot point into."""
    limit = min(len(text), len(fixed))
    prefix = 0
    while prefix < limit and text[prefix] == fixed[prefix]:
        prefix += 1
    if prefix and text[prefix - 1] == "\r":
        prefix -= 1
    suffix = 0
    while suffix < limit - prefix and text[-1 - suffix] == fixed[-1 - suffix]:
        suffix += 1
    end = len(text) - suffix
    if suffix and text[end] == "\n" and end > prefix and text[end - 1] == "\r":
        suffix -= 1
        end += 1
    return prefix, end, fixed[prefix : len(fixed) - suffix]


def document_path(document: TextDocument) -> Path:
    """The file a document is, or will be saved as; an unsaved one counts as in the working
    directory."""
    path = Path(unquote(urlparse(document.uri).path))
    if path.is_absolute():  # a file, or a notebook cell (`vscode-notebook-cell:/.../x.ipynb#...`)
        return path
    return Path.cwd() / (path.name or "untitled")  # `untitled:Untitled-1`


def is_python(document: TextDocument, path: Path) -> bool:
    return document.language_id == "python" or path.suffix in PYTHON_SUFFIXES


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except OSError:
        return False


def _wanted(kind: str, only: Sequence[str] | None) -> bool:
    """Whether the client asked for this kind of action: `source.fixAll` asks for
    `source.fixAll.scanlint` too."""
    if only is None:
        return True
    for asked in only:
        asked_kind = str(getattr(asked, "value", asked))  # lsprotocol's enum, or a kind it does not name
        if not asked_kind or kind == asked_kind or kind.startswith(f"{asked_kind}."):
            return True
    return False


def build_server() -> ScanlintServer:
    server = ScanlintServer()

    @server.feature(types.INITIALIZED)
    def initialized(ls: ScanlintServer, params: types.InitializedParams) -> None:
        if get_capability(ls.client_capabilities, "workspace.did_change_watched_files.dynamic_registration", False):
            watch = types.DidChangeWatchedFilesRegistrationOptions(
                watchers=[types.FileSystemWatcher(glob_pattern=f"**/{CONFIGURATION_FILE}")]
            )
            registration = types.Registration(
                id="scanlint-configuration", method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES, register_options=watch
            )
            ls.client_register_capability(types.RegistrationParams(registrations=[registration]))

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def configuration_changed(ls: ScanlintServer, params: types.DidChangeWatchedFilesParams) -> None:
        if any(urlparse(change.uri).path.endswith(f"/{CONFIGURATION_FILE}") for change in params.changes):
            ls.relint_open_documents()

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: ScanlintServer, params: types.DidOpenTextDocumentParams) -> None:
        ls.linted.pop(params.text_document.uri, None)  # the configuration may have changed meanwhile
        ls.publish(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    async def did_change(ls: ScanlintServer, params: types.DidChangeTextDocumentParams) -> None:
        uri, version = params.text_document.uri, params.text_document.version
        await asyncio.sleep(CHANGE_PAUSE_SECONDS)
        document = ls.open_document(uri)
        if document is not None and document.version == version:  # neither closed nor changed again
            ls.publish(uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: ScanlintServer, params: types.DidSaveTextDocumentParams) -> None:
        uri = params.text_document.uri
        if urlparse(uri).path.endswith(f"/{CONFIGURATION_FILE}"):
            ls.relint_open_documents()
        else:
            ls.linted.pop(uri, None)  # the same text, but the configuration may have changed
            ls.publish(uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: ScanlintServer, params: types.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        ls.linted.pop(uri, None)
        ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))

    @server.feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix, FIX_ALL_KIND]),
    )
    def code_action(ls: ScanlintServer, params: types.CodeActionParams) -> list[types.CodeAction]:
        return ls.code_actions(params)

    return server


def serve() -> None:
    """Talk LSP over stdin and stdout until the client says exit."""
    protocol_output = sys.stdout.buffer
    sys.stdout = sys.stderr  # a stray print would corrupt the protocol stream
    if threading.current_thread() is threading.main_thread():
        # An exception raised by a signal handler while asyncio runs a callback is logged and
        # swallowed there, not propagated: the server stops on SIGINT and SIGTERM by itself.
        for signum in (signal.SIGINT, signal.SIGTERM):
            signal.signal(signum, _stop_serving)
    build_server().start_io(sys.stdin.buffer, protocol_output)


def _stop_serving(signum: int, frame: object) -> None:
    try:
        sys.stderr.write(f"scanlint: interrupted by {signal.Signals(signum).name}\n")
        sys.stderr.flush()
    finally:
        os._exit(128 + signum)
