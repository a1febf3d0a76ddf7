/** Reason phrases of the statuses Storyblok and HubSpot answer with (workerd leaves `statusText` empty, as HTTP/2 has none). */
const STATUS_TEXT: Record<number, string> = {
  200: "OK",
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

export function statusText(status: number, fallback = `HTTP ${status}`): string {
  return STATUS_TEXT[status] ?? fallback;
}
