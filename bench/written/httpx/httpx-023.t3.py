from __future__ import annotations

import http
import io
import typing


def dump_response_headers(
    version: bytes,
    status_code: int,
    reason: typing.Optional[bytes],
    header_list: typing.Sequence[typing.Tuple[bytes, bytes]],
) -> str:
    """Status line plus headers, the way `httpx --verbose` prints them."""
    if reason is not None:
        phrase = reason.decode("ascii")
    else:
        try:
            phrase = http.HTTPStatus(status_code).phrase
        except ValueError:
            phrase = ""
    buf = io.StringIO()
    buf.write("%s %d %s" % (version.decode("ascii"), status_code, phrase))
    for key, val in header_list:
        buf.write("\n%s: %s" % (key.decode("ascii"), val.decode("ascii")))
    return buf.getvalue()
