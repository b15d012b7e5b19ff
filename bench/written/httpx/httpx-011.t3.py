from __future__ import annotations

from ._exceptions import InvalidURL


def assert_path_allowed(path: str, *, scheme: str | None, authority: str | None) -> None:
    """RFC 3986 §3.3 constraints on the path, given which other components are present."""
    problem = None
    if authority:
        if path != "" and path[0] != "/":
            problem = "For absolute URLs, path must be empty or begin with '/'"
    elif not scheme:
        if path[:2] == "//":
            problem = "Relative URLs cannot have a path starting with '//'"
        elif path[:1] == ":":
            problem = "Relative URLs cannot have a path starting with ':'"
    if problem is not None:
        raise InvalidURL(problem)
