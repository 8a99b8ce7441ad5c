// The one way the console talks to the server: fetch with the session cookie (same origin), the CSRF header on
// every request, JSON bodies, and the server's error object ({"error": {"code", "message", "hint"}}) turned into
// an ApiError. A 401 anywhere but the login itself sends the person back to the login form.

let csrf = null;
let onUnauthorized = () => {};

/** The CSRF token of the session (from POST or GET /console/session); null when logged out. */
export function setCsrf(token) {
  csrf = token;
}

/** What to do when the session is gone (a 401): the app shows the login form. */
export function setUnauthorizedHandler(fn) {
  onUnauthorized = fn;
}

/** A failed call, carrying the server's code, message and hint. */
export class ApiError extends Error {
  constructor(status, error) {
    super(error.message || `HTTP ${status}`);
    this.status = status;
    this.code = error.code || `HTTP_${status}`;
    this.hint = error.hint || "";
    this.action = error.action || null;
  }
}

/**
 * Calls the server. body (an object) is sent as JSON. Options: signal (AbortSignal), loginCall (a 401 is the
 * answer to show, not a lost session). Returns the parsed JSON; throws ApiError.
 */
export async function api(method, path, body, options = {}) {
  const headers = { Accept: "application/json" };
  if (csrf) {
    headers["X-Gabysql-Csrf"] = csrf;
  }
  const init = { method, headers, credentials: "same-origin", cache: "no-store", signal: options.signal };
  if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (e) {
    if (e && e.name === "AbortError") {
      throw e;
    }
    throw new ApiError(0, {
      code: "NETWORK",
      message: "The server did not answer: " + (e && e.message ? e.message : e),
      hint: "Is `gabysql serve` still running? Reload the page once it is.",
    });
  }
  const text = await response.text();
  let json = null;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
  }
  if (response.ok) {
    return json ?? {};
  }
  const error = json && json.error && typeof json.error === "object"
    ? json.error
    : { message: `HTTP ${response.status} ${response.statusText}`.trim() };
  const failure = new ApiError(response.status, error);
  if (response.status === 401 && !options.loginCall) {
    onUnauthorized(failure);
  }
  throw failure;
}

export const get = (path, options) => api("GET", path, undefined, options);
export const post = (path, body, options) => api("POST", path, body ?? {}, options);

/** A path segment, encoded. */
export const seg = (s) => encodeURIComponent(s);
