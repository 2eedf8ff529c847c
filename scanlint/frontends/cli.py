"""The `scanlint` command.

Exit codes, the same for every subcommand: 0 nothing found, 1 findings, 2 usage, configuration
or internal error (an internal error wins over findings), 128 + the signal number when
interrupted (130 for Ctrl-C).
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from scanlint import RUNTIME_EXTRA_HINT, __version__, registry
from scanlint.findings import INTERNAL_ERROR, READ_ERROR, Finding

if TYPE_CHECKING:
    from scanlint.config import Settings

EXIT_CLEAN = 0
EXIT_FINDINGS = 1
EXIT_ERROR = 2


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        self.exit(EXIT_ERROR, f"scanlint: error: {message}\n")


def _build_parser() -> argparse.ArgumentParser:
    from scanlint.reporters import FORMATS

    parser = _Parser(prog="scanlint", description="Find bugs in JAX lax.scan code.")
    parser.add_argument("--version", action="version", version=f"scanlint {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    check = commands.add_parser("check", help="lint files and directories (default: .)")
    check.add_argument("paths", nargs="*", type=Path, metavar="PATH", help="Python files and directories to lint (default: .); a directory is searched for .py and .pyi files")
    check.add_argument("--select", type=_selectors, metavar="CODES", help="codes, prefixes or names to enable, comma separated (replaces the configured set)")
    check.add_argument("--ignore", type=_selectors, default=[], metavar="CODES", help="codes, prefixes or names to disable, comma separated")
    check.add_argument("--extend-exclude", type=_selectors, default=[], metavar="PATTERNS", help="more glob patterns to skip")
    check.add_argument("--config", type=Path, metavar="FILE", help="read [tool.scanlint] from this pyproject.toml")
    check.add_argument(
        "--output-format", choices=FORMATS, default="text",
        help="text (default): path:line:col: CODE message, the source line and a caret; json; sarif (SARIF 2.1.0, for code scanning); github (workflow annotations)",
    )  # fmt: skip
    check.add_argument("--exit-zero", action="store_true", help="exit 0 even when findings are reported")
    check.add_argument("--statistics", action="store_true", help="print a count per rule instead of each finding (text or json)")
    check.add_argument("-q", "--quiet", action="store_true", help="print findings only, no summary")
    check.add_argument("--stdin-filename", metavar="NAME", help="read the source from stdin, reported as NAME")
    check.add_argument("--color", choices=("auto", "always", "never"), default="auto", help="colour the text output: auto (default) only on a terminal and without NO_COLOR")
    check.add_argument("--fix", action="store_true", help="apply safe fixes, then report what remains")
    check.add_argument("--unsafe-fixes", action="store_true", help="with --fix or --diff: apply unsafe fixes too; alone: say how many findings they would fix")
    check.add_argument("--diff", action="store_true", help="print the fixes as a unified diff and change nothing")
    check.add_argument("--no-cache", action="store_true", help="neither read nor write .scanlint_cache/")
    check.add_argument("-j", "--jobs", type=_positive_int, help="worker processes (default: one per core, used only for large runs)")

    commands.add_parser("rules", help="list every rule with its code, name and fix safety")

    explain = commands.add_parser("explain", help="print a rule's page")
    explain.add_argument("rule", metavar="CODE", help="a rule code (SCN201) or name (scan-body-not-pair)")

    server = commands.add_parser(
        "server",
        help="run the Language Server for editors (needs scanlint[lsp])",
        description=(
            "Run scanlint as a Language Server over stdin and stdout, started by your editor: "
            "diagnostics as you type, with the configuration `scanlint check` uses for each file, "
            "and fixes as code actions (source.fixAll.scanlint applies every safe fix). "
            "Needs the lsp extra: pip install 'scanlint[lsp]'."
        ),
    )
    server.add_argument("--stdio", action="store_true", help="talk over stdin and stdout (the default; accepted for editors that pass it)")

    commands.add_parser(
        "trace",
        help="run a target under observation (needs scanlint[runtime]); see `scanlint trace --help`",
        add_help=False,
    )
    return parser


def _subcommand_parsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _selectors(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def main(argv: Sequence[str] | None = None) -> int:
    """The console script: whatever happens, a message and an exit code, never a traceback."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    tracing = args_list[:1] == ["trace"]
    restore = (lambda: None) if tracing else _stop_on_signals()  # trace stops its target first
    try:
        return _trace(args_list[1:]) if tracing else _run(args_list)
    except Interrupted as interruption:
        _say(f"scanlint: interrupted by {interruption.name}")
        return 128 + interruption.signum
    except KeyboardInterrupt:  # before our handler was installed, or in a front end with its own
        _say("scanlint: interrupted by SIGINT")
        return 128 + signal.SIGINT
    except BrokenPipeError:
        # Output piped into `head` and the like: not an error of ours.
        _close_quietly(sys.stderr)
        return EXIT_CLEAN
    except Exception as error:  # a bug of ours: say so, and exit 2 so CI never reads it as findings
        return _internal_error(error)
    finally:
        restore()


def _run(args_list: list[str]) -> int:
    parser = _build_parser()
    args, unknown = parser.parse_known_args(args_list)
    if unknown:  # reported by the subcommand's parser, so the usage shown is that command's
        command_parser = _subcommand_parsers(parser).get(args.command, parser)
        command_parser.error(f"unrecognized arguments: {' '.join(unknown)}")
    try:
        os.getcwd()
    except OSError as error:
        return _error(f"the working directory cannot be used ({error.strerror}): was it removed?")
    if args.command == "check":
        return _check(args)
    if args.command == "rules":
        return _rules()
    if args.command == "explain":
        return _explain(args.rule)
    if args.command == "server":
        return _server()
    parser.print_help(sys.stderr)
    return EXIT_ERROR


class Interrupted(BaseException):
    """SIGINT (Ctrl-C) or SIGTERM reached the scanlint process."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum
        self.name = signal.Signals(signum).name


def _stop_on_signals() -> Callable[[], None]:
    """Turn SIGINT and SIGTERM into `Interrupted` in this process, so that `finally` blocks run
    (temporary files are removed) and the user gets one line instead of a traceback. Worker
    processes forked from this one exit quietly instead: the main process reports."""
    if threading.current_thread() is not threading.main_thread():
        return lambda: None
    main_process = os.getpid()

    def stop(signum: int, frame: object) -> None:
        if os.getpid() != main_process:
            os._exit(128 + signum)
        raise Interrupted(signum)

    previous = {signum: signal.signal(signum, stop) for signum in (signal.SIGINT, signal.SIGTERM)}

    def restore() -> None:
        for signum, handler in previous.items():
            signal.signal(signum, handler)

    return restore


def _internal_error(error: Exception) -> int:
    frames = traceback.extract_tb(error.__traceback__)
    where = f" at {frames[-1].filename}:{frames[-1].lineno}" if frames else ""
    _say(
        f"scanlint: internal error: {type(error).__name__}: {error}{where}. "
        "Please report this with the command and the files that trigger it."
    )
    return EXIT_ERROR


def _say(message: str) -> None:
    """A line on stderr, if there is a stderr at all."""
    if sys.stderr is not None:
        try:
            print(message, file=sys.stderr)
        except (OSError, ValueError):
            pass


def _close_quietly(stream: object) -> None:
    try:
        stream.close()  # type: ignore[attr-defined]
    except (AttributeError, OSError):
        pass


def _error(message: str) -> int:
    _say(f"scanlint: error: {message}")
    return EXIT_ERROR


def _use_color(choice: str) -> bool:
    if choice != "auto":
        return choice == "always"
    return sys.stdout.isatty() and not os.environ.get("NO_COLOR")


def _check(args: argparse.Namespace) -> int:
    from scanlint import api
    from scanlint.config import ConfigError, load_settings
    from scanlint.reporters import STATISTICS_FORMATS, location_text, read_lines, render, render_closing, render_statistics
    from scanlint.suppress import unknown_noqa_codes

    if args.statistics and args.output_format not in STATISTICS_FORMATS:
        return _error(f"--statistics prints text or json, not {args.output_format}: use --output-format text or json")
    paths: list[Path] = args.paths or [Path(".")]
    if args.stdin_filename:
        paths = [Path(args.stdin_filename)]
    try:
        settings = load_settings(
            paths,
            select=args.select,
            ignore=args.ignore,
            extend_exclude=args.extend_exclude,
            config_path=args.config,
        )
    except ConfigError as error:
        return _error(str(error))

    if sys.stdout is None:
        return _error("standard output is closed: there is nowhere to write the report")
    lines_of = read_lines
    not_fixed: list[str] = []
    if args.stdin_filename:
        if sys.stdin is None:
            return _error(f"--stdin-filename {args.stdin_filename}: standard input is closed; pipe the source into scanlint")
        data = sys.stdin.buffer.read()
        for line, word in [] if args.stdin_filename.endswith(".ipynb") else unknown_noqa_codes(data):
            _say(f"scanlint: warning: Invalid `# noqa` directive on {args.stdin_filename}:{line}: unknown code {word}")
        if args.fix or args.diff:
            return _fix_stdin(args, data, settings)
        findings = api.lint_bytes(args.stdin_filename, data, settings)
        files = 1
        stdin_text = _stdin_lines(args.stdin_filename, data)
        lines_of = lambda path: stdin_text if path == args.stdin_filename else read_lines(path)  # noqa: E731
    else:
        # `--diff` promises to write nothing, the cache included.
        result = api.run(paths, settings, use_cache=not (args.no_cache or args.diff), jobs=args.jobs)
        for notice in result.notices:
            _say(f"scanlint: {notice}")
        if args.diff:
            return _print_diffs(result.findings, settings, args.unsafe_fixes)
        if args.fix:
            fixed, not_fixed = _apply_fixes(result.findings, settings, args.unsafe_fixes)
            if fixed:
                print(f"Applied {fixed} fix{'es' if fixed != 1 else ''}.", file=sys.stderr)
                result = api.run(paths, settings, use_cache=not args.no_cache, jobs=args.jobs)
        findings, files = result.findings, result.files

    for failure in not_fixed:
        _say(f"scanlint: error: {failure}")
    errors = [f for f in findings if f.code in (INTERNAL_ERROR, READ_ERROR)]
    problems = [f for f in findings if f not in errors]
    color = _use_color(args.color)
    out = sys.stdout
    if args.statistics:
        out.write(render_statistics(problems, args.output_format, args.unsafe_fixes))
    else:
        out.write(render(problems, args.output_format, color=color, lines_of=lines_of, unsafe_fixes=args.unsafe_fixes))
    for error in errors:
        print(f"{location_text(error)} {error.code} {error.message}", file=sys.stderr)
    if args.output_format in ("text", "concise") and not args.quiet:
        out.write(render_closing(problems, files, bool(errors), args.unsafe_fixes))
    if args.unsafe_fixes and not (args.fix or args.diff):
        _say(_fixes_available(problems))
    if errors or not_fixed:
        return EXIT_ERROR
    if problems and not args.exit_zero:
        return EXIT_FINDINGS
    return EXIT_CLEAN


def _fixes_available(findings: Sequence[Finding]) -> str:
    """What `--unsafe-fixes` without `--fix` or `--diff` tells: how many findings the fixes cover."""
    from scanlint.fixes.apply import applicable

    fixable = [f for f in findings if applicable(f, unsafe=True)]
    if not fixable:
        return "scanlint: no fixes available, unsafe or safe (--unsafe-fixes applies them only with --fix or --diff)"
    unsafe = sum(1 for f in fixable if not applicable(f, unsafe=False))
    return (
        f"scanlint: {len(fixable)} of the findings can be fixed ({unsafe} only by unsafe fixes): "
        "review them with --diff --unsafe-fixes, apply them with --fix --unsafe-fixes"
    )


def _stdin_lines(name: str, data: bytes) -> Sequence[str] | dict[int, list[str]] | None:
    """The source lines of stdin for showing findings: a notebook's by cell."""
    if name.endswith(".ipynb"):
        from scanlint.notebooks import cell_lines

        return cell_lines(data)
    return data.decode("utf-8", "replace").splitlines()


def _fixable_paths(findings: Sequence[Finding], unsafe: bool) -> list[str]:
    from scanlint.fixes.apply import applicable

    return sorted({f.path for f in findings if applicable(f, unsafe)})


def _apply_fixes(findings: Sequence[Finding], settings: Settings, unsafe: bool) -> tuple[int, list[str]]:
    """Fix each file in turn: the number of fixes written, and a message for each file that could
    not be written (those are left as they were, and the other files are still fixed)."""
    from scanlint.fixes.apply import NotWritten, fix_file, write_atomically

    applied = 0
    failures = []
    for name in _fixable_paths(findings, unsafe):
        path = Path(name)
        outcome = fix_file(path, name, settings.codes_for(path), unsafe)
        if outcome is not None and outcome.changed:
            try:
                write_atomically(outcome)
            except NotWritten as reason:
                failures.append(f"{name}: not fixed: {reason}")
                continue
            applied += outcome.applied
    return applied, failures


def _print_diffs(findings: Sequence[Finding], settings: Settings, unsafe: bool) -> int:
    from scanlint.fixes.apply import fix_file

    changed = 0
    for name in _fixable_paths(findings, unsafe):
        path = Path(name)
        outcome = fix_file(path, name, settings.codes_for(path), unsafe)
        if outcome is not None and outcome.changed:
            sys.stdout.write(outcome.diff(name))
            changed += 1
    return EXIT_FINDINGS if changed else EXIT_CLEAN


def _fix_stdin(args: argparse.Namespace, data: bytes, settings: Settings) -> int:
    """Editors: the fixed source (or its diff) on stdout; exit 1 when findings remain."""
    from scanlint.engine import lint_text
    from scanlint.fixes.apply import FixOutcome, fix_text
    from scanlint.source import DecodeError, decode_source

    name = args.stdin_filename
    if name.endswith(".ipynb"):
        return _fix_stdin_notebook(args, data, settings)
    try:
        source = decode_source(data)
    except DecodeError as error:
        return _error(f"{name}:{error.line}:{error.column}: {error.message}")
    codes = settings.codes_for(Path(name))
    fixed, applied = fix_text(name, source.text, codes, args.unsafe_fixes)
    if args.diff:
        sys.stdout.write(FixOutcome(Path(name), source.text, fixed, applied, source.encoding).diff(name))
        return EXIT_FINDINGS if fixed != source.text else EXIT_CLEAN
    sys.stdout.write(fixed)
    remaining = lint_text(name, fixed, codes).findings
    return EXIT_FINDINGS if remaining and not args.exit_zero else EXIT_CLEAN


def _fix_stdin_notebook(args: argparse.Namespace, data: bytes, settings: Settings) -> int:
    """`_fix_stdin` for a notebook: the fixed notebook JSON (or the diff of its cells) on stdout."""
    from scanlint.engine import lint_source
    from scanlint.fixes.apply import notebook_outcome

    name = args.stdin_filename
    codes = settings.codes_for(Path(name))
    outcome = notebook_outcome(Path(name), name, data, codes, args.unsafe_fixes)
    if outcome is None:
        findings = lint_source(name, data, codes).findings
        if findings:  # not a notebook scanlint can read: say why
            return _error(f"{name}: {findings[0].message}")
        sys.stdout.buffer.write(data)  # a notebook in another language: nothing to fix
        return EXIT_CLEAN
    if args.diff:
        sys.stdout.write(outcome.diff(name))
        return EXIT_FINDINGS if outcome.changed else EXIT_CLEAN
    if outcome.refusal is not None:
        return _error(f"{name}: not fixed: {outcome.refusal}")
    sys.stdout.flush()
    sys.stdout.buffer.write(outcome.fixed.encode(outcome.encoding) if outcome.changed else data)
    remaining = lint_source(name, outcome.fixed.encode(outcome.encoding), codes).findings
    return EXIT_FINDINGS if remaining and not args.exit_zero else EXIT_CLEAN


def _rules() -> int:
    width = max(len(rule.name) for rule in (*registry.RULES, *registry.RUNTIME_BY_CODE.values()))
    print(f"{'code':7} {'name':{width}}  {'fix':9}  summary")
    for rule in registry.RULES:
        default = "" if rule.enabled_by_default else "  (off by default)"
        print(f"{rule.code:7} {rule.name:{width}}  {rule.fix_safety.value:9}  {rule.summary}{default}")
    for code in registry.RUNTIME_BY_CODE.values():
        print(f"{code.code:7} {code.name:{width}}  {'none':9}  {code.summary}  (reported by scanlint trace)")
    return EXIT_CLEAN


def _explain(selector: str) -> int:
    from scanlint.docs import rule_page, runtime_page

    code = registry.code_for(selector)
    if code in registry.RUNTIME_BY_CODE:
        sys.stdout.write(runtime_page(registry.RUNTIME_BY_CODE[code]))
        return EXIT_CLEAN
    info = registry.BY_CODE.get(code or "")
    if info is None:
        if code in registry.BUILTIN_CODES:
            name, summary = registry.BUILTIN_CODES[code]
            print(f"# {code} `{name}`\n\n{summary[0].upper()}{summary[1:]}. Always reported; cannot be disabled.")
            return EXIT_CLEAN
        return _error(f"unknown rule {selector!r} (see `scanlint rules`)")
    sys.stdout.write(rule_page(info))
    return EXIT_CLEAN


def _server() -> int:
    try:
        from scanlint.frontends.lsp_server import serve
    except ImportError as error:
        if (error.name or "").partition(".")[0] not in ("pygls", "lsprotocol", "cattrs", "attrs"):
            raise
        return _error(f"`scanlint server` needs the lsp extra: pip install 'scanlint[lsp]' (cannot import {error.name})")
    if sys.stdin is None:
        return _error("`scanlint server` talks LSP over standard input, which is closed; let the editor start it")
    if sys.stdout is None:
        return _error("`scanlint server` talks LSP over standard output, which is closed; let the editor start it")
    try:
        serve()
    except Interrupted as interruption:
        _say(f"scanlint: interrupted by {interruption.name}")
        code = 128 + interruption.signum
    else:
        code = EXIT_CLEAN
    # pygls reads stdin in a worker thread that stays blocked in read() while the client keeps the
    # pipe open, and an ordinary exit waits for that thread: leave without waiting.
    for stream in (sys.__stdout__, sys.stderr):
        try:
            stream.flush()  # type: ignore[union-attr]
        except (AttributeError, OSError, ValueError):
            pass
    os._exit(code)


def _trace(argv: list[str]) -> int:
    try:
        from scanlint.runtime.cli import main as trace_main
    except ImportError as error:
        return _error(f"`scanlint trace` cannot start ({error}): {RUNTIME_EXTRA_HINT}")
    return trace_main(argv)
