"""Reading request bodies: size-limited, JSON objects only, unknown keys named."""

from __future__ import annotations

import json
import unicodedata
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import Request

from solver.core.errors import BadInput
from solver.core.yamlio import check_depth

MAX_BODY = 64 * 1024  # bytes: a puzzle file is a few KB, a grid's or a hand's JSON far less


async def read_body(request: Request) -> bytes:
    """The request body, refused (413) beyond MAX_BODY bytes."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        raise HTTPException(413, f"the body has {declared} bytes; at most {MAX_BODY // 1024} KB")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise HTTPException(413, f"the body has more than {MAX_BODY // 1024} KB; at most that")
        chunks.append(chunk)
    return b"".join(chunks)


async def json_object(request: Request, example: str, keys: set[str] | None = None) -> dict[str, Any]:
    """The body as a JSON object ({} when empty); with `keys`, any other key is bad input."""
    raw = await read_body(request)
    if not raw.strip():
        return {}
    try:
        text = raw.decode("utf-8")  # one encoding: UTF-16, UTF-32 and a byte-order mark are refused
    except UnicodeDecodeError:
        raise BadInput("the request body is not JSON in UTF-8; send JSON encoded as UTF-8") from None
    if text.startswith("\ufeff"):
        raise BadInput("the request body starts with a byte-order mark; send JSON in UTF-8 without one")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise BadInput(f"the request body is not JSON ({error})") from None
    except RecursionError:
        raise BadInput("the request body is nested too deeply") from None
    except ValueError:  # a number with more digits than Python converts
        raise BadInput("the request body holds a number too long to read") from None
    check_depth(data, "the request body")
    _check_text(data)
    if not isinstance(data, dict):
        raise BadInput(f"the request body is a JSON object, e.g. {example}")
    unknown = sorted(set(data) - keys) if keys is not None else []
    if unknown:
        raise BadInput(f"unknown key {unknown[0]!r}; this request takes {', '.join(sorted(keys or ()))}")
    return data


def _check_text(value: object) -> None:
    """Every string in the body is text that can be saved: JSON's `\\ud800` escapes make lone
    surrogates, which no UTF-8 file (and no answer) can hold, and control characters, which a
    terminal would obey when a name is printed, are refused."""
    if isinstance(value, dict):
        for key, item in value.items():
            _check_text(key)
            _check_text(item)
    elif isinstance(value, list):
        for item in value:
            _check_text(item)
    elif isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise BadInput("the request body holds an unpaired surrogate (\\ud800 to \\udfff), "
                           "which is not text") from None
        if any(unicodedata.category(char) == "Cc" for char in value):
            raise BadInput("the request body holds a control character (a newline, an escape, ...) in a text")
