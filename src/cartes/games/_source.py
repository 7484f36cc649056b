"""Where a function reads a history from: text itself, a path, or an open file.

Text (``str``) is always the content, never a file name: a file is passed as a
:class:`pathlib.Path` (or any ``os.PathLike``) or as an open file, text or binary (UTF-8).

>>> import io, pathlib, tempfile
>>> read_text('{"a": 1}', "a hand history"), read_text(io.StringIO("x"), "a hand history")
('{"a": 1}', 'x')
>>> read_text(3, "a hand history")
Traceback (most recent call last):
...
cartes.errors.HistoryError: a hand history must be text, a pathlib.Path or an open file, got int
"""

from __future__ import annotations

import os
from typing import IO, Any, TypeAlias

from cartes.errors import HistoryError

__all__ = ["Source", "read_text"]

#: What a reader of histories takes: the text, a path to it, or an open file.
Source: TypeAlias = "str | bytes | os.PathLike[str] | IO[str] | IO[bytes]"


def _decode(content: Any, what: str) -> str:
    if isinstance(content, bytes):
        try:
            return content.decode("utf-8")
        except UnicodeDecodeError as error:
            raise HistoryError(f"{what} must be UTF-8 text: {error}") from None
    if isinstance(content, str):
        return content
    raise HistoryError(f"reading {what} gave {type(content).__name__}, not text")


def read_text(source: object, what: str) -> str:
    """The text of ``source`` (see the module), or a :class:`~cartes.errors.HistoryError`
    naming ``what`` was expected."""
    if isinstance(source, str | bytes):
        return _decode(source, what)
    if isinstance(source, os.PathLike):
        try:
            with open(source, "rb") as file:
                return _decode(file.read(), what)
        except OSError as error:
            raise HistoryError(f"cannot read {what} from {os.fspath(source)!r}: {error}") from None
    read = getattr(source, "read", None)
    if callable(read):
        return _decode(read(), what)
    raise HistoryError(
        f"{what} must be text, a pathlib.Path or an open file, got {type(source).__name__}"
    )
