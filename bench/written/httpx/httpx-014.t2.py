import re

from ._urlparse import percent_encoded

_ESCAPE = re.compile("%[A-Fa-f0-9]{2}")


def quote_keep_escapes(string: str, safe: str) -> str:
    # re.split with a capturing group alternates: text, escape, text, escape, ...
    pieces = re.split(f"({_ESCAPE.pattern})", string)
    return "".join(
        piece if index % 2 else percent_encoded(piece, safe=safe)
        for index, piece in enumerate(pieces)
        if piece
    )
