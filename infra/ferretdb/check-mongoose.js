#!/usr/bin/env node
// Proves that the MongoDB the launcher provides (FerretDB locally, mongo:7 in Docker) does
// what our services rely on through mongoose: connect, build a unique + a compound index,
// enforce uniqueness (E11000), insert and read back. Uses a throw-away database.
//
//   node infra/ferretdb/check-mongoose.js [mongodb://127.0.0.1:27017]
'use strict';
/* eslint-disable no-console -- a command-line tool: the console is its output */

const mongoose = require('mongoose');

async function main() {
  const url = new URL(process.argv[2] || process.env.MONGO_URL || 'mongodb://127.0.0.1:27017');
  url.pathname = `/fm_check_${process.pid}`;
  const base = url.host;
  const conn = await mongoose.createConnection(url.toString(), { serverSelectionTimeoutMS: 5000 }).asPromise();
  try {
    const User = conn.model(
      'User',
      new mongoose.Schema({ email: { type: String, required: true, unique: true }, name: String }),
    );
    const Like = conn.model(
      'Like',
      new mongoose.Schema({ userId: String, courseId: String, isLike: Boolean }).index(
        { userId: 1, courseId: 1 },
        { unique: true },
      ),
    );
    await User.init();
    await Like.init();

    const indexes = await User.collection.indexes();
    if (!indexes.some((i) => i.unique && i.key.email === 1)) throw new Error('unique index on email missing');

    await User.create({ email: 'a@example.com', name: 'A' });
    await expectDuplicate(() => User.create({ email: 'a@example.com', name: 'B' }), 'users.email');

    await Like.create({ userId: 'u1', courseId: 'c1', isLike: true });
    await Like.create({ userId: 'u1', courseId: 'c2', isLike: false });
    await expectDuplicate(() => Like.create({ userId: 'u1', courseId: 'c1', isLike: false }), 'likes compound');

    const back = await User.findOne({ email: 'a@example.com' }).lean();
    if (!back || back.name !== 'A') throw new Error('read back failed');
    console.log(`mongoose ${mongoose.version} OK on ${base}: connect, unique + compound index, E11000 enforced`);
  } finally {
    await conn.dropDatabase().catch(() => {});
    await conn.close();
  }
}

async function expectDuplicate(fn, what) {
  try {
    await fn();
  } catch (err) {
    if (err && err.code === 11000) return;
    throw err;
  }
  throw new Error(`duplicate was accepted (${what}): unique index not enforced`);
}

main().catch((err) => {
  console.error('check-mongoose FAILED:', err && err.message ? err.message : err);
  process.exit(1);
});
