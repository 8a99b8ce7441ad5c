// The schema as the server describes it (GET /databases/{db}/schema?detail=full, every page of it), kept per
// database for this page session, and the readers of its compact positional arrays (the "formats" it declares).

import { get, seg } from "./api.js";

const cache = new Map();

const SECTIONS = ["tables", "routines", "sequences", "extensions", "enums"];

/** The whole schema of db: every page followed through next_cursor and merged. fresh: read it again. */
export function loadSchema(db, fresh) {
  if (fresh || !cache.has(db)) {
    const promise = readAll(db).catch((e) => {
      cache.delete(db);
      throw e;
    });
    cache.set(db, promise);
  }
  return cache.get(db);
}

async function readAll(db) {
  let merged = null;
  let cursor = null;
  for (let page = 0; page < 1000; page++) {
    const query = "detail=full" + (cursor ? "&cursor=" + encodeURIComponent(cursor) : "");
    const answer = await get(`/databases/${seg(db)}/schema?${query}`);
    if (!merged) {
      merged = { ...answer };
      for (const s of SECTIONS) {
        merged[s] = [...(answer[s] || [])];
      }
    } else {
      for (const s of SECTIONS) {
        merged[s].push(...(answer[s] || []));
      }
    }
    cursor = answer.truncated && answer.next_cursor ? answer.next_cursor : null;
    if (!cursor) {
      break;
    }
  }
  delete merged.truncated;
  delete merged.next_cursor;
  delete merged.note;
  return merged;
}

/** A column array [name, type, notNull, default, identity, generated, collation, comment] as an object. */
export function column(a) {
  return {
    name: a[0],
    type: a[1] ?? null,
    notNull: a[2] === true,
    default: a[3] ?? null,
    identity: a[4] ?? null,
    generated: a[5] ?? null,
    collation: a[6] ?? null,
    comment: a[7] ?? null,
  };
}

/** An outgoing key [columns, refTable, refColumns, onDelete, onUpdate]. */
export function foreignKey(a) {
  return { columns: a[0] || [], refTable: a[1], refColumns: a[2] || [], onDelete: a[3] ?? null, onUpdate: a[4] ?? null };
}

/** An incoming key [fromTable, columns, refColumns, onDelete, onUpdate]. */
export function incomingKey(a) {
  return { fromTable: a[0], columns: a[1] || [], refColumns: a[2] || [], onDelete: a[3] ?? null, onUpdate: a[4] ?? null };
}

/** The name a table is shown and linked by: plain in the home schema, schema.name elsewhere. */
export function displayName(t, home) {
  return t.schema && t.schema !== home ? `${t.schema}.${t.name}` : t.name;
}

/** The name to ask GET /table for: always qualified, so that it names one table. */
export function tableReference(t, home) {
  const schema = t.schema || home;
  return schema ? `${schema}.${t.name}` : t.name;
}
