"""The WebSocket frames of the table protocol: the next text frame, parsed and validated
into a client message, and the error and refusal frames the server sends back."""

from __future__ import annotations

import contextlib
import json
from typing import Any

from fastapi import WebSocket
from pydantic import ValidationError
from starlette.websockets import WebSocketDisconnect, WebSocketState

from .protocol import MAX_MESSAGE, client_message, error_message, explain


class Disconnected(Exception):
    pass


class BadFrame(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


async def receive_frame(ws: WebSocket) -> str:
    """The next text frame; ``BadFrame`` for a binary or oversized one."""
    if ws.client_state != WebSocketState.CONNECTED:
        raise Disconnected
    try:
        frame = await ws.receive()
    except (WebSocketDisconnect, RuntimeError):
        raise Disconnected from None
    if frame["type"] == "websocket.disconnect":
        raise Disconnected
    text = frame.get("text")
    if text is None:
        raise BadFrame("bad_frame", "send JSON text messages, not binary ones")
    if len(text) > MAX_MESSAGE:
        raise BadFrame(
            "too_large", f"message of {len(text)} characters; the limit is {MAX_MESSAGE}"
        )
    return str(text)


def parse_message(text: str) -> Any:
    """A client message, parsed and validated; ``BadFrame`` for anything malformed."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadFrame("bad_json", f"not valid JSON ({exc.msg} at column {exc.colno})") from None
    except (ValueError, RecursionError):  # an integer of thousands of digits, deep nesting
        raise BadFrame(
            "bad_json", "not acceptable JSON (numbers too long or nesting too deep)"
        ) from None
    if not isinstance(data, dict):
        raise BadFrame("bad_message", 'a message is a JSON object with a "type"')
    try:
        return client_message.validate_python(data)
    except ValidationError as exc:
        raise BadFrame("bad_message", explain(exc)) from None
    except RecursionError:
        raise BadFrame("bad_message", "a message nested too deep") from None


async def receive_text(ws: WebSocket) -> Any:
    """The next client message, parsed; ``BadFrame`` for anything malformed."""
    return parse_message(await receive_frame(ws))


async def send_error(ws: WebSocket, code: str, message: str) -> None:
    with contextlib.suppress(Exception):
        await ws.send_text(json.dumps(error_message(code, message)))


async def refuse(ws: WebSocket, code: str, message: str, close_code: int) -> None:
    await send_error(ws, code, message)
    with contextlib.suppress(Exception):
        await ws.close(code=close_code, reason=message[:120])


__all__ = [
    "BadFrame",
    "Disconnected",
    "parse_message",
    "receive_frame",
    "receive_text",
    "refuse",
    "send_error",
]
