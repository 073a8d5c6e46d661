import type Koa from 'koa';

/**
 * What a route answers as JSON: a plain object, an array, or an object that says how it is
 * written as JSON (`toJSON`: a store document, a Date). Not a Buffer, a stream, a Blob or a Response.
 */
function isPlainJson(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return true;
  if (ArrayBuffer.isView(value)) return false; // a Buffer has toJSON, and is bytes
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null || typeof (value as { toJSON?: unknown }).toJSON === 'function';
}

/**
 * `ctx.body = {…}` (a plain object, an array, an object with `toJSON`) is written as its JSON text
 * when it is set, typed `application/json` as Koa types it. Koa 3 asks an object body
 * `instanceof Response` (in the setter and again when it answers), and the first look at Node's
 * global `Response` loads undici, fetch's implementation: ~12 MB more RSS in a process that never
 * fetches (docs/PERFORMANCE.md, memory). A string body skips those checks. Any other value (a
 * Buffer, a stream, null) goes to Koa's setter as it is.
 */
export function serializeJsonBodies(app: Koa): void {
  const koaBody = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(app.response), 'body');
  if (!koaBody?.get || !koaBody.set) throw new Error("Koa's response has no body accessor");
  const { get, set } = koaBody;
  Object.defineProperty(app.response, 'body', {
    configurable: true,
    enumerable: koaBody.enumerable,
    get,
    set(this: Koa.Response, value: unknown) {
      if (!isPlainJson(value)) return set.call(this, value);
      if (!/\bjson\b/i.test(this.type)) this.type = 'json';
      set.call(this, JSON.stringify(value));
    },
  });
}
