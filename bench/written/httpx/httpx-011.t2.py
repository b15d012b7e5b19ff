from ._exceptions import InvalidURL


def ensure_valid_path(path: str, has_scheme: bool, has_authority: bool) -> None:
    if has_authority and path and not path.startswith("/"):
        raise InvalidURL("For absolute URLs, path must be empty or begin with '/'")
    if has_scheme or has_authority:
        return
    for prefix in ("//", ":"):
        if path.startswith(prefix):
            raise InvalidURL(f"Relative URLs cannot have a path starting with '{prefix}'")
