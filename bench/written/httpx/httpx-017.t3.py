from __future__ import annotations


def rewrite_method(method: str, status_code: int) -> str:
    """Method to use for the follow-up request of a redirect.

    303 and 302 switch to GET (what browsers do), 301 only for POST; 307/308 keep it.
    """
    method = method.upper()
    switch_to_get = {
        301: method == "POST",
        302: method != "HEAD",
        303: method != "HEAD",
    }.get(status_code, False)
    return "GET" if switch_to_get else method
