from __future__ import annotations

import typing


def pretty_peer_certificate(cert: typing.Mapping[str, typing.Any]) -> str:
    """Render ssl.SSLSocket.getpeercert() output as '*'-prefixed verbose lines."""

    def render(field: str, entry: typing.Any) -> typing.Iterator[str]:
        if field in {"subject", "issuer"}:
            # distinguished names are tuples of (name, value) pairs
            for rdn in entry:
                yield "*     %s: %r" % (rdn[0], rdn[1])
        elif type(entry) is tuple and len(entry) == 2:
            yield "*     %s: %r" % entry
        else:
            yield "*     %r" % (entry,)

    out = []
    for field, data in cert.items():
        if isinstance(data, (tuple, list)):
            out.append("*   %s:" % field)
            for entry in data:
                out.extend(render(field, entry))
        else:
            out.append("*   %s: %r" % (field, data))
    return "\n".join(out)
