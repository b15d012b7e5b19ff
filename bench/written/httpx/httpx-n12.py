from __future__ import annotations

import dataclasses
import typing


@dataclasses.dataclass
class ServerSentEvent:
    event: str = "message"
    data: str = ""
    id: str | None = None
    retry: int | None = None


def iter_sse(lines: typing.Iterable[str]) -> typing.Iterator[ServerSentEvent]:
    """Group text/event-stream lines into events (blank line dispatches)."""
    event = ServerSentEvent()
    data: list[str] = []
    for line in lines:
        if not line:
            if data:
                event.data = "\n".join(data)
                yield event
            event, data = ServerSentEvent(), []
            continue
        if line.startswith(":"):
            continue
        field, _, value = line.partition(":")
        value = value[1:] if value.startswith(" ") else value
        if field == "data":
            data.append(value)
        elif field == "event":
            event.event = value
        elif field == "id":
            event.id = value
        elif field == "retry" and value.isdigit():
            event.retry = int(value)
