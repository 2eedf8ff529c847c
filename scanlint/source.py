"""Reading Python source bytes into text the way the interpreter would (PEP 263, BOM)."""

from __future__ import annotations

import codecs
import re
import io
import tokenize
from dataclasses import dataclass


class LocatedError(Exception):
    """A problem with a file's content at a 1-based line and column, told to the user."""

    def __init__(self, message: str, line: int = 1, column: int = 1) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column


class DecodeError(LocatedError):
    """The bytes cannot be turned into text."""


@dataclass(frozen=True)
class SourceText:
    text: str
    encoding: str  # the codec name the file was decoded with ("utf-8-sig" when it has a BOM)


def decode_source(data: bytes) -> SourceText:
    """Decode per PEP 263: a BOM or a coding cookie in the first two lines, else UTF-8."""
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError as error:
        message = _clean(str(error))
        if not message.startswith("invalid or missing encoding declaration"):
            raise DecodeError(message, line=getattr(error, "lineno", None) or _cookie_line(data)) from None
        encoding = "utf-8"  # no cookie and not UTF-8: decoding below locates the bad byte
    try:
        codec = codecs.lookup(encoding)
    except LookupError:
        raise DecodeError(f"unknown encoding in coding cookie: {encoding!r}") from None
    if not codec._is_text_encoding:  # type: ignore[attr-defined]
        raise DecodeError(
            f"coding cookie {encoding!r} is not a text encoding", line=_cookie_line(data)
        )
    if encoding != "utf-8" and not _reads_its_own_cookie(data, encoding):
        raise DecodeError(
            f"coding cookie {encoding!r} is not an ASCII-compatible encoding: it cannot be the "
            "encoding of Python source",
            line=_cookie_line(data),
        )
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        raise DecodeError(
            f"cannot decode byte {data[error.start]:#04x} as {encoding}: {error.reason}",
            line=line,
            column=column,
        ) from None
    except UnicodeError as error:  # codecs such as "undefined" or "punycode" fail without a position
        raise DecodeError(f"cannot decode the file as {encoding}: {error}", line=_cookie_line(data)) from None
    if "\x00" in text:
        offset = text.index("\x00")
        line = text.count("\n", 0, offset) + 1
        column = offset - (text.rfind("\n", 0, offset) + 1) + 1
        raise DecodeError("source contains a NUL byte", line=line, column=column)
    return SourceText(text=text, encoding=encoding)


def _cookie_lines(data: bytes) -> list[bytes]:
    """The lines PEP 263 looks at for a coding cookie: the first, and the second too when the
    first holds no cookie."""
    lines = data.splitlines(keepends=True)[:2]
    if lines and _COOKIE.match(lines[0]):
        return lines[:1]
    return lines


def _cookie_line(data: bytes) -> int:
    return len(_cookie_lines(data)) or 1


def _reads_its_own_cookie(data: bytes, encoding: str) -> bool:
    """Whether the codec decodes the lines up to the cookie to the same ASCII text: what PEP 263
    asks of a source encoding, and what rules out UTF-16, UTF-32 and EBCDIC cookies on ASCII bytes
    (the interpreter refuses those files too)."""
    head = b"".join(_cookie_lines(data)).removeprefix(codecs.BOM_UTF8)
    try:
        return head.decode(encoding) == head.decode("latin-1")
    except (UnicodeError, LookupError):
        return False


_COOKIE = re.compile(rb"^[ \t\f]*#.*?coding[:=][ \t]*[-\w.]+")


def _clean(message: str) -> str:
    # tokenize's messages sometimes embed a repr of the file name ("<unknown>"); keep the sentence.
    return message.split(" for '")[0]


_LINE_BREAK = re.compile(r"\r\n|\r|\n")


_OTHER_BREAKS = re.compile("[\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")


def split_lines(text: str, keepends: bool = False) -> list[str]:
    """Lines as Python's tokenizer counts them: only \\n, \\r\\n and \\r end a line (unlike
    `str.splitlines`, which also breaks on form feeds and Unicode separators)."""
    if not _OTHER_BREAKS.search(text):
        return text.splitlines(keepends)
    if keepends:
        return [match.group(0) for match in re.finditer(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$", text)]
    lines = _LINE_BREAK.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines
