#!/usr/bin/env node
'use strict';
// Exit 0 when a MongoDB-protocol server answers `ping` at the URL (argv[2] or MONGO_URL), and
// print which one it is: `ferretdb` (its buildInfo names a FerretDB version) or `mongodb`.
const { MongoClient } = require('mongoose').mongo;

const url = process.argv[2] || process.env.MONGO_URL || 'mongodb://127.0.0.1:27017';
const client = new MongoClient(url, { serverSelectionTimeoutMS: 1500, connectTimeoutMS: 1500 });
client
  .connect()
  .then(() => client.db('admin').command({ ping: 1 }))
  .then(() => client.db('admin').command({ buildInfo: 1 }))
  .then(
    (info) => {
      process.stdout.write(`${'ferretdbVersion' in info ? 'ferretdb' : 'mongodb'}\n`);
      return client.close().then(() => process.exit(0));
    },
    (err) => {
      console.error(err.message);
      client.close().finally(() => process.exit(1));
    },
  );
