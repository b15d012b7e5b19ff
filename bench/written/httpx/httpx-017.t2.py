from ._models import Request, Response
from ._status_codes import codes


def method_after_redirect(request: Request, response: Response) -> str:
    method = request.method
    status = response.status_code
    if status in (codes.SEE_OTHER, codes.FOUND) and method != "HEAD":
        return "GET"
    if status == codes.MOVED_PERMANENTLY and method == "POST":
        return "GET"
    return method
