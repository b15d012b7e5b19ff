from ._exceptions import InvalidURL, RemoteProtocolError
from ._models import Request, Response
from ._urls import URL


def resolve_redirect_url(request: Request, response: Response) -> URL:
    try:
        url = URL(response.headers["Location"])
    except InvalidURL as exc:
        raise RemoteProtocolError(
            f"Invalid URL in location header: {exc}.", request=request
        ) from None

    previous = request.url
    if url.scheme and not url.host:
        url = url.copy_with(host=previous.host)
    url = previous.join(url) if url.is_relative_url else url
    return url.copy_with(fragment=previous.fragment) if previous.fragment and not url.fragment else url
