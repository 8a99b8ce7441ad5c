// The login form: a token in a password field, sent once in a POST body (never in a URL, never stored by the
// page); the server answers with an HttpOnly session cookie and the CSRF token the other requests carry.

import { api } from "../api.js";
import { h } from "../dom.js";
import { errorBox } from "../widgets.js";

export function render(root, { reason, onLogin }) {
  const input = h("input", {
    id: "token",
    name: "token",
    type: "password",
    required: true,
    autocomplete: "current-password",
    spellcheck: "false",
    "aria-describedby": "token-help",
  });
  const status = h("div", { class: "login-status", "aria-live": "polite" });
  const button = h("button", { type: "submit", class: "primary", text: "Log in" });
  const form = h(
    "form",
    { class: "login card", on: { submit } },
    h("h1", { text: "Log in to the console" }),
    h("p", { class: "lead", text: "The console of this gabysql server: its databases, their schema, queries, writes waiting for approval, and the audit log." }),
    h("div", { class: "field" }, h("label", { for: "token", text: "Token" }), input),
    h(
      "p",
      { id: "token-help", class: "help" },
      "A person signs in with an approver's token (",
      h("code", { text: "--approver-token" }),
      ", ",
      h("code", { text: "GABYSQL_APPROVER_TOKEN" }),
      ") or, where none is configured, with the console secret ",
      h("code", { text: "gabysql serve" }),
      " printed when it started; an agent's token (",
      h("code", { text: "--token" }),
      ") browses and queries without approving. The token is sent once, in the body of this form; the browser then keeps only a session cookie.",
    ),
    button,
    status,
  );
  if (reason) {
    status.append(typeof reason === "string" ? h("p", { class: "notice notice-info", text: reason }) : errorBox(reason));
  }
  root.append(form);
  input.focus();

  async function submit(event) {
    event.preventDefault();
    button.disabled = true;
    status.replaceChildren(h("p", { class: "loading", text: "Logging in…" }));
    try {
      const session = await api("POST", "/console/session", { token: input.value }, { loginCall: true });
      input.value = "";
      onLogin(session);
    } catch (e) {
      status.replaceChildren(errorBox(e));
      input.select();
    } finally {
      button.disabled = false;
    }
  }
}
