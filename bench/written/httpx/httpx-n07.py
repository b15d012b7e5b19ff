from __future__ import annotations


def preferred_languages(header: str) -> list[str]:
    """Languages from an Accept-Language header, best first; q=0 entries are dropped."""
    weighted = []
    for position, entry in enumerate(header.split(",")):
        lang, *params = [p.strip() for p in entry.split(";")]
        if not lang:
            continue
        quality = 1.0
        for param in params:
            if param.startswith("q="):
                try:
                    quality = float(param[2:])
                except ValueError:
                    quality = 0.0
        if quality > 0:
            weighted.append((-quality, position, lang))
    return [lang for _, _, lang in sorted(weighted)]
