"""Reading Python source bytes into text the way the interpreter would (PEP 263, BOM)."""

from __future__ import annotations

import codecs
import re
import io
import tokenize
from dataclasses import dataclass


class DecodeError(Exception):
    """The bytes cannot be turned into text; carries a 1-based line and column."""

    def __init__(self, message: str, line: int = 1, column: int = 1) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column


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
            raise DecodeError(message, line=getattr(error, "lineno", None) or 1) from None
        encoding = "utf-8"  # no cookie and not UTF-8: decoding below locates the bad byte
    try:
        codecs.lookup(encoding)
    except LookupError:
        raise DecodeError(f"unknown encoding in coding cookie: {encoding!r}") from None
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
    if "\x00" in text:
        offset = text.index("\x00")
        line = text.count("\n", 0, offset) + 1
        column = offset - (text.rfind("\n", 0, offset) + 1) + 1
        raise DecodeError("source contains a NUL byte", line=line, column=column)
    return SourceText(text=text, encoding=encoding)


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
