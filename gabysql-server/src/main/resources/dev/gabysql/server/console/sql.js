// A small SQL tokenizer for highlighting (not for deciding anything: the server's guard does that). It knows
// comments (-- and nested /* */), quoted strings ('…', E'…', N'…'), quoted names ("…", `…`, […]), PostgreSQL
// dollar quotes ($tag$…$tag$), numbers, parameters (?, $1, :name) and keywords; everything else is plain text.

import { h } from "./dom.js";

const KEYWORDS = new Set(`
add all alter analyze and any as asc begin between by case cascade cast check collate column commit constraint
create cross current_date current_time current_timestamp default delete desc distinct do drop else end escape
except exists explain false fetch filter first following for foreign from full function grant group having if
ilike in index inner insert intersect into is join key language last lateral left like limit natural not null
nulls offset on or order outer over partition preceding primary procedure recursive references replace returning
revoke right rollback row rows select set table then to trigger true truncate unbounded union unique update using
values view when where window with without
`.trim().split(/\s+/));

const TYPES = new Set(`
bigint bigserial bit blob bool boolean bytea char character date datetime decimal double float int int2 int4
int8 integer interval json jsonb money numeric real serial smallint text time timestamp timestamptz tinyint uuid
varchar varbinary xml
`.trim().split(/\s+/));

/** Splits sql into [kind, text] pairs; kind is one of keyword, type, string, name, number, comment, param, op, text. */
export function tokenize(sql) {
  const out = [];
  let i = 0;
  const n = sql.length;
  const push = (kind, end) => {
    out.push([kind, sql.slice(i, end)]);
    i = end;
  };
  while (i < n) {
    const c = sql[i];
    const next = sql[i + 1];
    if (c === "-" && next === "-") {
      const end = sql.indexOf("\n", i);
      push("comment", end < 0 ? n : end);
    } else if (c === "/" && next === "*") {
      push("comment", blockCommentEnd(sql, i));
    } else if (c === "'" || ((c === "E" || c === "e" || c === "N" || c === "n") && next === "'")) {
      push("string", quotedEnd(sql, c === "'" ? i : i + 1, "'", c === "E" || c === "e"));
    } else if (c === '"' || c === "`") {
      push("name", quotedEnd(sql, i, c, false));
    } else if (c === "[" && /[A-Za-z_ ]/.test(next || "") && sql.indexOf("]", i) > 0 && !/\n/.test(sql.slice(i, sql.indexOf("]", i)))) {
      push("name", sql.indexOf("]", i) + 1);
    } else if (c === "$") {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i));
      const num = /^\$\d+/.exec(sql.slice(i));
      if (tag) {
        const close = sql.indexOf(tag[0], i + tag[0].length);
        push("string", close < 0 ? n : close + tag[0].length);
      } else if (num) {
        push("param", i + num[0].length);
      } else {
        push("text", i + 1);
      }
    } else if (c === "?" ) {
      push("param", i + 1);
    } else if (c === ":" && /[A-Za-z_]/.test(next || "") && sql[i - 1] !== ":") {
      push("param", i + 1 + /^[A-Za-z_][A-Za-z0-9_]*/.exec(sql.slice(i + 1))[0].length);
    } else if (/[0-9]/.test(c) || (c === "." && /[0-9]/.test(next || ""))) {
      push("number", i + /^(\d*\.?\d+|\d+\.)([eE][+-]?\d+)?/.exec(sql.slice(i))[0].length);
    } else if (/[A-Za-z_\u00C0-\uFFFF]/.test(c)) {
      const word = /^[A-Za-z_\u00C0-\uFFFF][A-Za-z0-9_$\u00C0-\uFFFF]*/.exec(sql.slice(i))[0];
      const lower = word.toLowerCase();
      push(KEYWORDS.has(lower) ? "keyword" : TYPES.has(lower) ? "type" : "text", i + word.length);
    } else if (/[-+*/<>=!|&%^~,;().]/.test(c)) {
      push("op", i + 1);
    } else {
      const ws = /^\s+/.exec(sql.slice(i));
      push("text", i + (ws ? ws[0].length : 1));
    }
  }
  return out;
}

function blockCommentEnd(sql, start) {
  let depth = 0;
  let i = start;
  while (i < sql.length) {
    if (sql.startsWith("/*", i)) {
      depth++;
      i += 2;
    } else if (sql.startsWith("*/", i)) {
      depth--;
      i += 2;
      if (depth === 0) {
        return i;
      }
    } else {
      i++;
    }
  }
  return sql.length;
}

function quotedEnd(sql, start, quote, backslashEscapes) {
  let i = start + 1;
  while (i < sql.length) {
    if (backslashEscapes && sql[i] === "\\") {
      i += 2;
    } else if (sql[i] === quote) {
      if (sql[i + 1] === quote) {
        i += 2;
      } else {
        return i + 1;
      }
    } else {
      i++;
    }
  }
  return sql.length;
}

/** The tokens of sql as spans (class tok-KIND) in a fragment; text is set with textContent only. */
export function highlight(sql) {
  const fragment = document.createDocumentFragment();
  for (const [kind, text] of tokenize(sql)) {
    fragment.append(kind === "text" ? document.createTextNode(text) : h("span", { class: "tok-" + kind, text }));
  }
  return fragment;
}

/** A read-only, highlighted block of SQL (a <pre><code>). */
export function sqlBlock(sql, extraClass) {
  return h("pre", { class: ["sql", extraClass] }, h("code", null, highlight(sql ?? "")));
}
