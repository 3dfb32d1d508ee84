"""Reading request bodies: size-limited, JSON objects only, unknown keys named."""

from __future__ import annotations

import json
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
        data = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise BadInput(f"the request body is not JSON ({error})") from None
    except RecursionError:
        raise BadInput("the request body is nested too deeply") from None
    except ValueError:  # a number with more digits than Python converts
        raise BadInput("the request body holds a number too long to read") from None
    check_depth(data, "the request body")
    if not isinstance(data, dict):
        raise BadInput(f"the request body is a JSON object, e.g. {example}")
    unknown = sorted(set(data) - keys) if keys is not None else []
    if unknown:
        raise BadInput(f"unknown key {unknown[0]!r}; this request takes {', '.join(sorted(keys or ()))}")
    return data
