"""`scanlint server`, driven over stdio by a real LSP client (pygls' own `LanguageClient`).

The server runs as `python -m scanlint server` with an import blocker in its `sitecustomize`: an
import of JAX or Flax fails there and is written to a log, which must stay empty. One server per
kind of client serves the whole module.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import textwrap
from collections.abc import Awaitable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest

pytest.importorskip("pygls", reason="the lsp extra is not installed")

from integration_helpers import BAD_SOURCE, GOOD_SOURCE, REPO, SUPPRESSED_SOURCE  # noqa: E402
from lsprotocol import types  # noqa: E402
from pygls.lsp.client import LanguageClient  # noqa: E402

Result = TypeVar("Result")

TIMEOUT = 30.0  # seconds for any answer of the server

IMPORT_BLOCKER = textwrap.dedent(
    """\
    import os
    import sys


    class BlockImports:
        def find_spec(self, name, path=None, target=None):
            if name.partition(".")[0] in os.environ["SCANLINT_TEST_BLOCKED_IMPORTS"].split(","):
                with open(os.environ["SCANLINT_TEST_IMPORT_LOG"], "a") as log:
                    log.write(name + "\\n")
                raise ImportError(f"{name} is blocked in this test", name=name)
            return None


    sys.meta_path.insert(0, BlockImports())
    open(os.environ["SCANLINT_TEST_IMPORT_LOG"] + ".installed", "w").close()
    """
)

# The scan's output is discarded at the call site: SCN201's fix is safe here.
SAFE_FIX_SOURCE = textwrap.dedent(
    """\
    import jax.numpy as jnp
    from jax import lax


    def total(xs):
        def step(carry, x):
            return carry + x

        final, _ = lax.scan(step, jnp.zeros(()), xs)
        return final


    def product(xs):
        def step(carry, x):
            return carry * x

        final, _ = lax.scan(step, jnp.ones(()), xs)
        return final
    """
)

# CRLF line endings, an emoji (two UTF-16 code units, four UTF-8 bytes) inside the flagged
# expression, and a Unicode line separator in a comment above, which is no line break for Python or
# LSP (but is one for `str.splitlines`).
CRLF_SOURCE = (
    textwrap.dedent(
        """\
        # \u00e9t\u00e9 \u2028 not a line break
        import jax.numpy as jnp
        from jax import lax


        def total(xs):
            def step(carry, x):
                return carry + x * len("\U0001f600\u00e9")

            final, _ = lax.scan(step, jnp.zeros(()), xs)
            return final
        """
    ).replace("\n", "\r\n")
)


def blocker_environment(directory: Path) -> dict[str, str]:
    (directory / "sitecustomize.py").write_text(IMPORT_BLOCKER)
    log = directory / "imports.log"
    log.write_text("")
    python_path = os.pathsep.join(p for p in (str(directory), str(REPO), os.environ.get("PYTHONPATH", "")) if p)
    return {
        **os.environ,
        "PYTHONPATH": python_path,
        "SCANLINT_TEST_BLOCKED_IMPORTS": "jax,jaxlib,flax",
        "SCANLINT_TEST_IMPORT_LOG": str(log),
    }


# What each kind of editor tells the server: the position encodings it offers, in its order of
# preference (none: UTF-16 only), and whether it takes versioned `documentChanges` edits.
EDITORS = {
    "vscode": (None, True),
    "neovim": (["utf-8", "utf-16", "utf-32"], False),
    "emacs": (["utf-32", "utf-8", "utf-16"], True),
}


def client_capabilities(editor: str) -> types.ClientCapabilities:
    encodings, document_changes = EDITORS[editor]
    kinds = ["quickfix", "refactor", "source", "source.organizeImports", "source.fixAll"]
    return types.ClientCapabilities(
        general=types.GeneralClientCapabilities(position_encodings=encodings),
        workspace=types.WorkspaceClientCapabilities(
            workspace_edit=types.WorkspaceEditClientCapabilities(document_changes=document_changes),
            did_change_watched_files=types.DidChangeWatchedFilesClientCapabilities(dynamic_registration=True),
        ),
        text_document=types.TextDocumentClientCapabilities(
            code_action=types.CodeActionClientCapabilities(
                code_action_literal_support=types.ClientCodeActionLiteralOptions(
                    code_action_kind=types.ClientCodeActionKindOptions(value_set=kinds)
                ),
                is_preferred_support=True,
            ),
            publish_diagnostics=types.PublishDiagnosticsClientCapabilities(version_support=True),
        ),
    )


class RecordingClient(LanguageClient):
    """pygls' client, keeping what the server sends unasked, in the order it came."""

    def __init__(self) -> None:
        super().__init__("scanlint-tests", "1")
        self.published: list[types.PublishDiagnosticsParams] = []
        self.messages: list[types.ShowMessageParams] = []
        self.registrations: list[types.Registration] = []

        @self.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def record_diagnostics(params: types.PublishDiagnosticsParams) -> None:
            self.published.append(params)

        @self.feature(types.CLIENT_REGISTER_CAPABILITY)
        def record_registration(params: types.RegistrationParams) -> None:
            self.registrations.extend(params.registrations)

        @self.feature(types.WINDOW_SHOW_MESSAGE)
        def record_message(params: types.ShowMessageParams) -> None:
            self.messages.append(params)


class Session:
    """A client talking to one `python -m scanlint server`, for synchronous tests: each call runs
    the event loop until what it waits for has come."""

    def __init__(self, directory: Path, editor: str) -> None:
        self.editor = editor
        self.encoding = (EDITORS[editor][0] or ["utf-16"])[0]
        self.loop = asyncio.new_event_loop()
        self.client = RecordingClient()
        self.run(
            self.client.start_io(sys.executable, "-m", "scanlint", "server", env=blocker_environment(directory))
        )
        self.stderr = bytearray()  # read as it comes, so that the server never blocks writing its log
        self.stderr_reader = self.loop.create_task(self.read_stderr())
        self.run(
            self.client.initialize_async(
                types.InitializeParams(
                    process_id=os.getpid(), capabilities=client_capabilities(editor), root_uri=directory.as_uri()
                )
            )
        )
        self.client.initialized(types.InitializedParams())

    async def read_stderr(self) -> None:
        process = self.client._server
        assert process is not None and process.stderr is not None
        while chunk := await process.stderr.read(4096):
            self.stderr += chunk

    def run(self, awaitable: Awaitable[Result]) -> Result:
        return self.loop.run_until_complete(asyncio.wait_for(awaitable, TIMEOUT))

    def end(self) -> None:
        self.run(self.client.shutdown_async(None))
        self.client.exit(None)
        self.run(self.client.stop())
        self.run(self.stderr_reader)
        self.loop.close()

    @property
    def messages(self) -> list[types.ShowMessageParams]:
        return self.client.messages

    def next_diagnostics(self, uri: str, after: int) -> types.PublishDiagnosticsParams:
        """The first diagnostics published for `uri` after the first `after` publications."""

        async def wait() -> types.PublishDiagnosticsParams:
            while True:
                for params in self.client.published[after:]:
                    if params.uri == uri:
                        return params
                if self.client.stopped:
                    raise AssertionError(f"the server exited; its stderr:\n{self.stderr.decode(errors='replace')}")
                await asyncio.sleep(0.01)

        return self.run(wait())

    def open(self, path: Path | str, text: str, language: str = "python") -> tuple[str, list[types.Diagnostic]]:
        uri = path.as_uri() if isinstance(path, Path) else path
        before = len(self.client.published)
        self.client.text_document_did_open(
            types.DidOpenTextDocumentParams(
                text_document=types.TextDocumentItem(uri=uri, language_id=language, version=1, text=text)
            )
        )
        return uri, list(self.next_diagnostics(uri, before).diagnostics)

    def send_change(self, uri: str, version: int, text: str) -> None:
        self.client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
            )
        )

    def change(self, uri: str, version: int, text: str) -> types.PublishDiagnosticsParams:
        before = len(self.client.published)
        self.send_change(uri, version, text)
        return self.next_diagnostics(uri, before)

    def save(self, path: Path) -> None:
        uri = path.as_uri()
        self.client.text_document_did_save(
            types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
        )

    def close(self, uri: str) -> list[types.Diagnostic]:
        before = len(self.client.published)
        self.client.text_document_did_close(
            types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
        )
        return list(self.next_diagnostics(uri, before).diagnostics)

    def code_actions(self, uri: str, where: types.Range, only: list[str] | None = None) -> list[types.CodeAction]:
        result = self.run(
            self.client.text_document_code_action_async(
                types.CodeActionParams(
                    text_document=types.TextDocumentIdentifier(uri=uri),
                    range=where,
                    context=types.CodeActionContext(diagnostics=[], only=only),
                )
            )
        )
        actions = list(result or [])
        assert all(isinstance(action, types.CodeAction) for action in actions)
        return actions  # type: ignore[return-value]


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("lsp") / "a project"  # a space: URIs quote it
    root.mkdir()
    (root / "pyproject.toml").write_text(
        '[tool.scanlint]\nexclude = ["generated"]\nper-file-ignores = { "relaxed/*" = ["SCN201"] }\n'
    )
    (root / "quiet").mkdir()
    (root / "quiet" / "pyproject.toml").write_text('[tool.scanlint]\nignore = ["SCN201"]\n')
    (root / "broken_config").mkdir()
    (root / "broken_config" / "pyproject.toml").write_text('[tool.scanlint]\nselect = ["SCN999"]\n')
    (root / "server").mkdir()
    return root


@pytest.fixture(scope="module")
def vscode(project: Path) -> Iterator[Session]:
    """A VS Code-like client: UTF-16 positions, versioned document edits."""
    session = Session(project / "server", "vscode")
    yield session
    session.end()


@pytest.fixture(scope="module", params=["neovim", "emacs"])
def other_editor(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Session]:
    """Clients that offer UTF-8 (Neovim) or UTF-32 (Emacs) positions first."""
    session = Session(tmp_path_factory.mktemp(f"{request.param}-server"), request.param)
    yield session
    session.end()


def whole_text(text: str) -> types.Range:
    return types.Range(start=types.Position(line=0, character=0), end=types.Position(line=len(text.splitlines()) + 1, character=0))


# -- applying edits the way an editor does, independently of the server's code -------------------


def lsp_lines(text: str) -> list[str]:
    """Lines with their endings, broken at \\n, \\r\\n and \\r only (LSP's line breaks)."""
    lines, start, index = [], 0, 0
    while index < len(text):
        if text[index] in "\r\n":
            end = index + (2 if text.startswith("\r\n", index) else 1)
            lines.append(text[start:end])
            start = index = end
        else:
            index += 1
    if start < len(text):
        lines.append(text[start:])
    return lines


def offset_at(text: str, position: types.Position, encoding: str) -> int:
    lines = lsp_lines(text)
    offset = sum(len(line) for line in lines[: position.line])
    if position.line >= len(lines):
        return offset
    content = lines[position.line].rstrip("\r\n")
    codec = {"utf-8": "utf-8", "utf-16": "utf-16-le", "utf-32": "utf-32-le"}[encoding]
    width = {"utf-8": 1, "utf-16": 2, "utf-32": 4}[encoding]
    prefix = content.encode(codec)[: position.character * width].decode(codec)
    return offset + len(prefix)


def apply_text_edits(text: str, edits: list[types.TextEdit], encoding: str = "utf-16") -> str:
    spans = sorted(
        ((offset_at(text, e.range.start, encoding), offset_at(text, e.range.end, encoding), e.new_text) for e in edits),
        reverse=True,
    )
    for start, end, new_text in spans:
        text = text[:start] + new_text + text[end:]
    return text


def edits_of(action: types.CodeAction, uri: str, version: int | None) -> list[types.TextEdit]:
    """The edits of a versioned `documentChanges` workspace edit (checking the version)."""
    assert action.edit is not None and action.edit.document_changes is not None
    (change,) = action.edit.document_changes
    assert isinstance(change, types.TextDocumentEdit)
    assert change.text_document.uri == uri
    assert change.text_document.version == version
    return [edit for edit in change.edits if isinstance(edit, types.TextEdit)]


def scanlint_check_json(path: Path) -> list[dict]:
    result = subprocess.run(
        [sys.executable, "-m", "scanlint", "check", "--no-cache", "--output-format", "json", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    return json.loads(result.stdout)


# -- the tests -----------------------------------------------------------------------------------


def test_diagnostics_come_from_the_buffer_on_open_as_scanlint_check_reports_them(
    vscode: Session, project: Path
) -> None:
    path = project / "opened.py"
    path.write_text(BAD_SOURCE)
    (expected,) = scanlint_check_json(path)
    path.write_text(GOOD_SOURCE)  # what is on disk does not count, the editor's text does

    uri, diagnostics = vscode.open(path, BAD_SOURCE)
    (diagnostic,) = diagnostics
    assert diagnostic.code == "SCN201" == expected["code"]
    assert diagnostic.source == "scanlint"
    assert diagnostic.severity == types.DiagnosticSeverity.Warning
    assert diagnostic.message == expected["message"]
    assert diagnostic.range == types.Range(
        start=types.Position(line=expected["line"] - 1, character=expected["column"] - 1),
        end=types.Position(line=expected["end_line"] - 1, character=expected["end_column"] - 1),
    )
    assert diagnostic.range.start == types.Position(line=6, character=15)  # `carry + x`
    assert vscode.close(uri) == []


def test_a_change_relints_the_latest_text_and_close_clears(vscode: Session, project: Path) -> None:
    uri, diagnostics = vscode.open(project / "edited.py", GOOD_SOURCE)
    assert diagnostics == []

    published = vscode.change(uri, 2, BAD_SOURCE)
    assert [d.code for d in published.diagnostics] == ["SCN201"]
    assert published.version == 2

    # Typing on: only the text the pause settles on is linted and published.
    before = len(vscode.client.published)
    for version, text in ((3, GOOD_SOURCE), (4, BAD_SOURCE), (5, SUPPRESSED_SOURCE)):
        vscode.send_change(uri, version, text)
    published = vscode.next_diagnostics(uri, before)
    assert published.version == 5
    assert list(published.diagnostics) == []  # the text suppresses SCN201 on its line

    assert vscode.close(uri) == []


def test_the_configuration_of_the_documents_path_applies(vscode: Session, project: Path) -> None:
    (project / "relaxed").mkdir()
    (project / "generated").mkdir()
    for path in (
        project / "quiet" / "module.py",  # quiet/pyproject.toml ignores SCN201
        project / "relaxed" / "module.py",  # per-file-ignores
        project / "generated" / "module.py",  # exclude
        project / ".venv" / "lib" / "site-packages" / "library.py",  # never walked into
        project / "build" / "lib" / "module.py",
        project / "quiet" / "not_saved_yet" / "new.py",  # a new file in a new folder: still quiet's
    ):
        uri, diagnostics = vscode.open(path, BAD_SOURCE)
        assert diagnostics == [], path
        vscode.close(uri)
    uri, diagnostics = vscode.open(project / "not_saved_yet" / "new.py", BAD_SOURCE)
    assert [d.code for d in diagnostics] == ["SCN201"]
    vscode.close(uri)


def test_a_configuration_change_relints_open_documents(vscode: Session, project: Path) -> None:
    (registration,) = vscode.client.registrations
    assert registration.method == types.WORKSPACE_DID_CHANGE_WATCHED_FILES
    assert [w["globPattern"] for w in registration.register_options["watchers"]] == ["**/pyproject.toml"]

    folder = project / "reconfigured"
    folder.mkdir()
    configuration = folder / "pyproject.toml"
    configuration.write_text("[tool.scanlint]\n")
    uri, diagnostics = vscode.open(folder / "module.py", BAD_SOURCE)
    assert [d.code for d in diagnostics] == ["SCN201"]

    configuration.write_text('[tool.scanlint]\nignore = ["SCN201"]\n')  # changed outside the editor
    before = len(vscode.client.published)
    vscode.client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            changes=[types.FileEvent(uri=configuration.as_uri(), type=types.FileChangeType.Changed)]
        )
    )
    assert list(vscode.next_diagnostics(uri, before).diagnostics) == []

    configuration.write_text("[tool.scanlint]\n")  # saved in the editor
    before = len(vscode.client.published)
    vscode.save(configuration)
    assert [d.code for d in vscode.next_diagnostics(uri, before).diagnostics] == ["SCN201"]

    configuration.write_text('[tool.scanlint]\nignore = ["SCN201"]\n')
    before = len(vscode.client.published)
    vscode.save(folder / "module.py")  # saving the document reads the configuration again too
    assert list(vscode.next_diagnostics(uri, before).diagnostics) == []
    vscode.close(uri)


def test_an_unsafe_fix_is_offered_as_such_and_its_result_lints_clean(vscode: Session, project: Path) -> None:
    uri, (diagnostic,) = vscode.open(project / "unsafe.py", BAD_SOURCE)
    (action,) = vscode.code_actions(uri, diagnostic.range)
    assert action.kind == types.CodeActionKind.QuickFix
    assert "unsafe" in action.title
    assert not action.is_preferred
    assert [d.code for d in action.diagnostics or []] == ["SCN201"]

    fixed = apply_text_edits(BAD_SOURCE, edits_of(action, uri, 1))
    assert "        return carry + x, None\n" in fixed
    assert list((vscode.change(uri, 2, fixed)).diagnostics) == []
    assert vscode.code_actions(uri, whole_text(fixed)) == []
    vscode.close(uri)


def test_safe_fixes_are_preferred_and_fix_all_applies_them(vscode: Session, project: Path) -> None:
    uri, diagnostics = vscode.open(project / "safe.py", SAFE_FIX_SOURCE)
    assert [d.code for d in diagnostics] == ["SCN201", "SCN201"]

    quick_fixes = vscode.code_actions(uri, diagnostics[1].range, only=[types.CodeActionKind.QuickFix])
    (quick_fix,) = quick_fixes
    assert quick_fix.is_preferred is True
    assert "unsafe" not in quick_fix.title
    fixed_one = apply_text_edits(SAFE_FIX_SOURCE, edits_of(quick_fix, uri, 1))
    assert fixed_one == SAFE_FIX_SOURCE.replace("return carry * x\n", "return carry * x, None\n")

    for only in (["source"], [types.CodeActionKind.SourceFixAll], ["source.fixAll.scanlint"]):
        (fix_all,) = vscode.code_actions(uri, diagnostics[0].range, only=only)
        assert fix_all.kind == "source.fixAll.scanlint"
    assert vscode.code_actions(uri, diagnostics[0].range, only=[types.CodeActionKind.SourceOrganizeImports]) == []
    assert len(vscode.code_actions(uri, diagnostics[0].range)) == 2  # the quick fix, and fix all
    fixed = apply_text_edits(SAFE_FIX_SOURCE, edits_of(fix_all, uri, 1))
    assert fixed.count(", None\n") == 2
    assert list((vscode.change(uri, 2, fixed)).diagnostics) == []
    vscode.close(uri)


def test_a_stale_code_action_request_gets_edits_for_the_current_version(vscode: Session, project: Path) -> None:
    uri, (diagnostic,) = vscode.open(project / "moving.py", SAFE_FIX_SOURCE.split("\n\n\ndef product")[0] + "\n")
    shifted = "# a new first line\n" + SAFE_FIX_SOURCE.split("\n\n\ndef product")[0] + "\n"
    vscode.send_change(uri, 2, shifted)
    # Asked before the change's diagnostics came: the range of version 1, the text of version 2.
    (action,) = vscode.code_actions(uri, whole_text(shifted), only=["source.fixAll"])
    fixed = apply_text_edits(shifted, edits_of(action, uri, 2))
    assert fixed.startswith("# a new first line\n")
    assert "        return carry + x, None\n" in fixed
    vscode.close(uri)


def test_crlf_and_non_ascii_text_get_utf16_positions(vscode: Session, project: Path) -> None:
    uri, (diagnostic,) = vscode.open(project / "crlf.py", CRLF_SOURCE)
    line = CRLF_SOURCE.split("\r\n")[7]
    assert line == '        return carry + x * len("\U0001f600\u00e9")'
    assert diagnostic.range == types.Range(
        start=types.Position(line=7, character=15),
        end=types.Position(line=7, character=len(line) + 1),  # the emoji is two UTF-16 code units
    )
    (action,) = vscode.code_actions(uri, diagnostic.range, only=[types.CodeActionKind.QuickFix])
    fixed = apply_text_edits(CRLF_SOURCE, edits_of(action, uri, 1))
    assert fixed == CRLF_SOURCE.replace('len("\U0001f600\u00e9")\r\n', 'len("\U0001f600\u00e9"), None\r\n')
    assert list((vscode.change(uri, 2, fixed)).diagnostics) == []
    vscode.close(uri)


def test_clients_that_prefer_utf8_or_utf32_get_positions_in_it(other_editor: Session, project: Path) -> None:
    uri, (diagnostic,) = other_editor.open(project / f"crlf_{other_editor.editor}.py", CRLF_SOURCE)
    line = CRLF_SOURCE.split("\r\n")[7]
    width = len(line) if other_editor.encoding == "utf-32" else len(line.encode("utf-8"))
    assert diagnostic.range.end == types.Position(line=7, character=width)
    (action,) = other_editor.code_actions(uri, diagnostic.range, only=[types.CodeActionKind.QuickFix])
    assert action.edit is not None
    if EDITORS[other_editor.editor][1]:
        edits = edits_of(action, uri, 1)
    else:  # the client did not say it takes `documentChanges`
        assert action.edit.document_changes is None and action.edit.changes is not None
        edits = list(action.edit.changes[uri])
    fixed = apply_text_edits(CRLF_SOURCE, edits, encoding=other_editor.encoding)
    assert fixed == CRLF_SOURCE.replace('len("\U0001f600\u00e9")\r\n', 'len("\U0001f600\u00e9"), None\r\n')
    other_editor.close(uri)


def test_bad_syntax_gets_a_located_diagnostic_and_the_server_carries_on(vscode: Session, project: Path) -> None:
    broken = BAD_SOURCE.replace("def step(carry, x):", "def step(carry, x:")
    uri, diagnostics = vscode.open(project / "broken.py", broken)
    (diagnostic,) = diagnostics
    assert diagnostic.code == "SCN000"
    assert diagnostic.range.start.line == 5
    assert vscode.code_actions(uri, diagnostic.range) == []
    for version, text in ((2, "scan = '\ud800'\n"), (3, "\x00 lax.scan"), (4, "(" * 300 + "scan")):
        vscode.change(uri, version, text)
    assert [d.code for d in (vscode.change(uri, 5, BAD_SOURCE)).diagnostics] == ["SCN201"]
    vscode.close(uri)


def test_other_documents_and_unreadable_configuration_do_not_stop_the_server(
    vscode: Session, project: Path
) -> None:
    uri, diagnostics = vscode.open(project / "notes.md", "lax.scan(step, init, xs)\n", language="markdown")
    assert diagnostics == []
    vscode.close(uri)

    uri, diagnostics = vscode.open("untitled:Untitled-1", BAD_SOURCE)
    assert [d.code for d in diagnostics] == ["SCN201"]
    vscode.close(uri)

    uri, diagnostics = vscode.open(project / "broken_config" / "module.py", BAD_SOURCE)
    assert diagnostics == []
    assert any("SCN999" in message.message for message in vscode.messages)
    vscode.close(uri)

    uri, diagnostics = vscode.open(project / "after.py", BAD_SOURCE)
    assert [d.code for d in diagnostics] == ["SCN201"]
    vscode.close(uri)


def test_the_server_never_imports_jax(vscode: Session, project: Path) -> None:
    uri, diagnostics = vscode.open(project / "uses_jax.py", SAFE_FIX_SOURCE)
    assert vscode.code_actions(uri, diagnostics[0].range)
    vscode.close(uri)
    log = project / "server" / "imports.log"
    assert (project / "server" / "imports.log.installed").exists()  # the blocker ran in the server
    assert log.read_text() == ""


# -- the server process --------------------------------------------------------------------------


def lsp_message(payload: dict) -> bytes:
    body = json.dumps(payload).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def start_server_process(directory: Path, blocked: str = "jax,jaxlib,flax") -> subprocess.Popen[bytes]:
    environment = {**blocker_environment(directory), "SCANLINT_TEST_BLOCKED_IMPORTS": blocked}
    return subprocess.Popen(
        [sys.executable, "-m", "scanlint", "server"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=environment,
        cwd=directory,
    )


def initialize(server: subprocess.Popen[bytes]) -> None:
    assert server.stdin is not None and server.stdout is not None
    server.stdin.write(lsp_message({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"processId": None, "capabilities": {}}}))
    server.stdin.flush()
    assert server.stdout.readline().startswith(b"Content-Length: ")  # the reply: the server is up


def test_server_help_runs(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "scanlint", "server", "--help"], capture_output=True, text=True, timeout=60, cwd=tmp_path
    )
    assert result.returncode == 0
    assert "Language Server" in result.stdout and "scanlint[lsp]" in result.stdout


def test_without_pygls_the_server_says_what_to_install(tmp_path: Path) -> None:
    server = start_server_process(tmp_path, blocked="pygls")
    _, error = server.communicate(timeout=60)
    assert server.returncode == 2
    assert error.decode().splitlines() == [
        "scanlint: error: `scanlint server` needs the lsp extra: pip install 'scanlint[lsp]' (cannot import pygls)"
    ]


def test_the_server_exits_when_told_although_the_client_keeps_the_pipe_open(tmp_path: Path) -> None:
    server = start_server_process(tmp_path)
    initialize(server)
    assert server.stdin is not None
    server.stdin.write(lsp_message({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}))
    server.stdin.write(lsp_message({"jsonrpc": "2.0", "method": "exit"}))
    server.stdin.flush()
    try:
        assert server.wait(timeout=20) == 0
    finally:
        server.kill()
        server.communicate()


def test_sigterm_stops_the_server_with_one_line(tmp_path: Path) -> None:
    server = start_server_process(tmp_path)
    initialize(server)
    server.send_signal(signal.SIGTERM)
    try:
        assert server.wait(timeout=20) == 128 + signal.SIGTERM
    finally:
        server.kill()
    _, error = server.communicate()
    assert error.decode().splitlines() == ["scanlint: interrupted by SIGTERM"]


@pytest.mark.parametrize("closed", ["input", "output"])
def test_a_closed_standard_stream_is_a_usage_error(tmp_path: Path, closed: str) -> None:
    redirect = {"input": "0<&-", "output": "1>&-"}[closed]  # closes the descriptor: Python gets no stream
    command = f'exec {redirect} "{sys.executable}" -m scanlint server'
    result = subprocess.run(["sh", "-c", command], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        f"scanlint: error: `scanlint server` talks LSP over standard {closed}, which is closed; let the editor start it"
    ]
