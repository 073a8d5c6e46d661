'use strict';
// A small MIME reader: enough for the mail our services send with nodemailer (plain text,
// html, multipart/alternative|mixed|related, quoted-printable/base64, RFC 2047 headers).
// It is not a general-purpose parser; attachments are listed, not kept. Text line breaks
// come back as \n (the wire's CRLF is canonical form, not content).

const { Buffer } = require('node:buffer');
const { TextDecoder } = require('node:util');

/**
 * @typedef {{ filename: string | null, contentType: string, size: number }} AttachmentInfo
 * @typedef {{
 *   headers: Record<string, string>,
 *   text: string, html: string,
 *   attachments: AttachmentInfo[],
 * }} ParsedMail
 */

/** @param {Buffer | string} raw @returns {ParsedMail} */
function parseMail(raw) {
  const buf = Buffer.isBuffer(raw) ? raw : Buffer.from(raw, 'utf8');
  /** @type {ParsedMail} */
  const out = { headers: {}, text: '', html: '', attachments: [] };
  const entity = splitEntity(buf);
  out.headers = entity.headers;
  walk(entity, out);
  return out;
}

/** @param {Buffer} buf */
function splitEntity(buf) {
  let cut = buf.indexOf('\r\n\r\n');
  let sepLen = 4;
  const lf = buf.indexOf('\n\n');
  if (cut === -1 || (lf !== -1 && lf < cut)) {
    cut = lf;
    sepLen = 2;
  }
  const headText = (cut === -1 ? buf : buf.subarray(0, cut)).toString('latin1');
  const body = cut === -1 ? Buffer.alloc(0) : buf.subarray(cut + sepLen);
  return { headers: parseHeaders(headText), body };
}

/** @param {string} text @returns {Record<string, string>} */
function parseHeaders(text) {
  /** @type {Record<string, string>} */
  const headers = {};
  const unfolded = text.replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    // Header bytes are read as latin1; undo that for raw UTF-8 (SMTPUTF8) headers.
    const value = decodeWords(Buffer.from(line.slice(colon + 1).trim(), 'latin1').toString('utf8'));
    headers[name] = name in headers ? `${headers[name]}\n${value}` : value;
  }
  return headers;
}

/** RFC 2047 encoded words; adjacent words separated only by whitespace are joined. @param {string} value */
function decodeWords(value) {
  return value
    .replace(/(=\?[^?]+\?[bBqQ]\?[^?]*\?=)\s+(?==\?[^?]+\?[bBqQ]\?[^?]*\?=)/g, '$1')
    .replace(/=\?([^?*]+)(?:\*[^?]*)?\?([bBqQ])\?([^?]*)\?=/g, (_m, charset, enc, data) => {
      const bytes =
        enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64') : decodeQuotedPrintable(data.replace(/_/g, ' '), false);
      return decodeCharset(bytes, charset);
    });
}

/** @param {string} value @returns {{ type: string, params: Record<string, string> }} */
function parseParams(value) {
  const [first = '', ...rest] = splitOutsideQuotes(value || '', ';');
  /** @type {Record<string, string>} */
  const params = {};
  for (const part of rest) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    let key = part.slice(0, eq).trim().toLowerCase();
    let val = part.slice(eq + 1).trim();
    if (val.startsWith('"') && val.endsWith('"')) val = val.slice(1, -1).replace(/\\(.)/g, '$1');
    if (key.endsWith('*')) {
      // RFC 2231: charset'lang'percent-encoded
      key = key.slice(0, -1);
      const m = /^([^']*)'[^']*'(.*)$/.exec(val);
      if (m) val = decodeCharset(decodeHexEscapes(m[2] ?? '', '%'), m[1] || 'utf-8');
    }
    params[key] = val;
  }
  return { type: first.trim().toLowerCase(), params };
}

/** @param {string} s @param {string} sep */
function splitOutsideQuotes(s, sep) {
  const parts = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '"' && s[i - 1] !== '\\') quoted = !quoted;
    if (c === sep && !quoted) {
      parts.push(cur);
      cur = '';
    } else cur += c;
  }
  parts.push(cur);
  return parts;
}

/** Bytes of `s` with every `<marker>XX` hex escape decoded (`%` for RFC 2231, `=` for QP). */
function decodeHexEscapes(/** @type {string} */ s, /** @type {string} */ marker) {
  const bytes = [];
  for (let i = 0; i < s.length; i++) {
    if (s[i] === marker && /^[0-9a-fA-F]{2}$/.test(s.slice(i + 1, i + 3))) {
      bytes.push(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(s.charCodeAt(i) & 0xff);
  }
  return Buffer.from(bytes);
}

/** @param {string} s @param {boolean} softBreaks @returns {Buffer} */
function decodeQuotedPrintable(s, softBreaks = true) {
  return decodeHexEscapes(softBreaks ? s.replace(/=\r?\n/g, '') : s, '=');
}

/** @param {Uint8Array} bytes @param {string | undefined} charset */
function decodeCharset(bytes, charset) {
  try {
    return new TextDecoder((charset || 'utf-8').trim().toLowerCase()).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** @param {Buffer} body @param {string | undefined} encoding */
function decodeTransfer(body, encoding) {
  switch ((encoding || '7bit').trim().toLowerCase()) {
    case 'base64':
      return Buffer.from(body.toString('latin1').replace(/[^A-Za-z0-9+/=]/g, ''), 'base64');
    case 'quoted-printable':
      return decodeQuotedPrintable(body.toString('latin1'));
    default:
      return body;
  }
}

/** @param {Buffer} body @param {string} boundary @returns {Buffer[]} */
function splitMultipart(body, boundary) {
  const text = body.toString('latin1');
  const delimiter = `--${boundary}`;
  const parts = [];
  const lines = text.split(/\r?\n/);
  /** @type {string[] | null} */
  let current = null;
  for (const line of lines) {
    if (line.startsWith(delimiter)) {
      const closing = line.slice(delimiter.length).startsWith('--');
      if (current) parts.push(Buffer.from(current.join('\r\n'), 'latin1'));
      current = closing ? null : [];
      if (closing) break;
      continue;
    }
    if (current) current.push(line);
  }
  return parts;
}

/** @param {{ headers: Record<string, string>, body: Buffer }} entity @param {ParsedMail} out */
function walk(entity, out) {
  const { type, params } = parseParams(entity.headers['content-type'] || 'text/plain');
  const disposition = parseParams(entity.headers['content-disposition'] || '');
  if (type.startsWith('multipart/') && params.boundary) {
    for (const part of splitMultipart(entity.body, params.boundary)) walk(splitEntity(part), out);
    return;
  }
  const data = decodeTransfer(entity.body, entity.headers['content-transfer-encoding']);
  const isAttachment = disposition.type === 'attachment' || !!disposition.params.filename;
  if (!isAttachment && type === 'text/plain' && !out.text) {
    out.text = decodeCharset(data, params.charset).replace(/\r\n/g, '\n');
  } else if (!isAttachment && type === 'text/html' && !out.html) {
    out.html = decodeCharset(data, params.charset).replace(/\r\n/g, '\n');
  } else if (type === 'message/rfc822' && !isAttachment) {
    walk(splitEntity(data), out);
  } else {
    out.attachments.push({
      filename: disposition.params.filename || params.name || null,
      contentType: type,
      size: data.length,
    });
  }
}

module.exports = { parseMail, decodeWords };
