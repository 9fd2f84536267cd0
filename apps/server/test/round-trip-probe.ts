import pg from 'pg';
import { afterAll } from 'vitest';

/**
 * How many statements one request sends to PostgreSQL, how many round-trips they take one
 * after another, and how many times it waits for a pooled connection (decisions 072 and 077). Counted on
 * pg's own objects, whatever pool or client runs them: a statement is written to its connection in
 * Query#submit and answered in Query#handleReadyForQuery (or #handleError); a statement's trip is
 * one more than the latest trip answered when it was written, so statements written together (on
 * several connections at once, or pipelined on one) share a trip and one that waited for an answer
 * takes the next. A checkout is a Pool#connect (pool.query calls it too). The session's read is the
 * first trip and the first checkout of every signed-in request. BEGIN and COMMIT count as statements.
 */
interface Probe {
  submit(this: Probe, connection: unknown): unknown;
  handleReadyForQuery(this: Probe, connection: unknown): unknown;
  handleError(this: Probe, error: unknown, connection: unknown): unknown;
  text?: string;
  name?: string;
}

const queryProto = (pg as unknown as { Query: { prototype: Probe } }).Query.prototype;
const poolProto = pg.Pool.prototype as unknown as { connect(this: pg.Pool, ...args: unknown[]): unknown };
const original = {
  submit: queryProto.submit,
  handleReadyForQuery: queryProto.handleReadyForQuery,
  handleError: queryProto.handleError,
  connect: poolProto.connect,
};
let counting: { statements: string[]; unnamed: string[]; trips: number; answered: number; checkouts: number; tripOf: WeakMap<Probe, number> } | null = null;

queryProto.submit = function (connection) {
  // The realtime LISTEN connection's heartbeat runs on its own clock, not for the request.
  if (counting && this.text !== 'select 1') {
    const trip = counting.answered + 1;
    counting.tripOf.set(this, trip);
    counting.trips = Math.max(counting.trips, trip);
    counting.statements.push(this.text ?? '');
    if (!this.name && !TRANSACTION_CONTROL.test(this.text ?? '')) counting.unnamed.push(this.text ?? '');
  }
  return original.submit.call(this, connection);
};
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback)\b/i;
const answered = (query: Probe) => {
  const trip = counting?.tripOf.get(query);
  if (counting && trip !== undefined) counting.answered = Math.max(counting.answered, trip);
};
queryProto.handleReadyForQuery = function (connection) {
  answered(this);
  return original.handleReadyForQuery.call(this, connection);
};
queryProto.handleError = function (error, connection) {
  answered(this);
  return original.handleError.call(this, error, connection);
};
poolProto.connect = function (...args) {
  if (counting) counting.checkouts++;
  return original.connect.apply(this, args);
};
afterAll(() => {
  Object.assign(queryProto, { submit: original.submit, handleReadyForQuery: original.handleReadyForQuery, handleError: original.handleError });
  poolProto.connect = original.connect;
});

async function record(work: () => Promise<{ statusCode: number; body: string }>) {
  counting = { statements: [], unnamed: [], trips: 0, answered: 0, checkouts: 0, tripOf: new WeakMap() };
  try {
    const res = await work();
    return { res, counted: counting };
  } finally {
    counting = null;
  }
}

export async function measure(work: () => Promise<{ statusCode: number; body: string }>) {
  const { res, counted } = await record(work);
  return { status: res.statusCode, trips: counted.trips, statements: counted.statements.length, checkouts: counted.checkouts };
}

/**
 * The statements one request sends without a name (BEGIN, COMMIT and ROLLBACK aside): PostgreSQL
 * parses and plans each of them every time, where a named one is prepared once per connection.
 */
export async function unnamedStatements(work: () => Promise<{ statusCode: number; body: string }>) {
  const { res, counted } = await record(work);
  return { status: res.statusCode, unnamed: counted.unnamed.map((text) => text.replace(/\s+/g, ' ').trim()) };
}
