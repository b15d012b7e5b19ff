def collapse_dot_segments(path: str) -> str:
    if "." not in path:
        return path
    parts = path.split("/")
    if not {".", ".."} & set(parts):
        return path

    result: list[str] = []
    for part in parts:
        if part == "..":
            if result and result != [""]:
                result.pop()
            continue
        if part != ".":
            result.append(part)
    return "/".join(result)
