#!/usr/bin/env node
// A bot for any race-kernel game, in Node.js, speaking the bot protocol
// (spec/BOTS.md): one JSON object per line on stdin, one answer per line on stdout.
//
//   race-kernel match hare-and-tortoise-2014 --bots "cmd:node examples/node/bot.js",random --seed 1
//
// It keeps the seat's history from the `since` field of each view (a restarted
// program gets the whole history again), and plays a seeded random legal
// action, preferring one it has not played yet (a bot of your own starts here).
"use strict";
const readline = require("readline");

let seed = 1;
function random() { // mulberry32: the same moves for the same seed
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

let history = [];
const played = new Set();

function answer(request) {
  switch (request.op) {
    case "hello":
      return { ok: true, bot_protocol: 1, name: "node-example" };
    case "start":
      seed = request.seed | 0;
      history = [];
      played.clear();
      return { ok: true };
    case "act": {
      const view = request.view;
      history = history.slice(0, view.since).concat(view.history);
      const fresh = view.legal.filter(([id]) => !played.has(id));
      const pool = fresh.length > 0 ? fresh : view.legal;
      const [id] = pool[Math.floor(random() * pool.length)];
      played.add(id);
      return { ok: true, action: id };
    }
    case "end":
      return { ok: true };
    default:
      return { ok: false, error: `unknown op ${request.op}` };
  }
}

const lines = readline.createInterface({ input: process.stdin });
lines.on("line", (line) => {
  const request = JSON.parse(line);
  if (request.op === "quit") {
    process.exit(0);
  }
  process.stdout.write(JSON.stringify({ id: request.id, ...answer(request) }) + "\n");
});
