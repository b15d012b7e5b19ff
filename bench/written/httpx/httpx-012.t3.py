def resolve_relative_segments(path: str) -> str:
    """Resolve "." and ".." in a URL path, e.g. "/a/b/../c/./d" -> "/a/c/d".

    A leading "/" is kept and ".." never climbs above the root.
    """
    absolute = path.startswith("/")
    kept = []
    for seg in (path[1:] if absolute else path).split("/"):
        if seg == ".":
            continue
        if seg == "..":
            if kept:
                kept.pop()
            continue
        kept.append(seg)
    joined = "/".join(kept)
    return "/" + joined if absolute else joined
