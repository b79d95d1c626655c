#!/usr/bin/env node
// A minimal program speaking the race-kernel driver protocol (spec/PROTOCOL.md), in
// Node.js with nothing but its standard library: a small part of Camel Up, 2nd
// edition (camel-up-2018). It plays the dice and the camel stacks of a leg:
//   - setup: the racing camels placed by their dice (CU2-SETUP-RACING), the crazy
//     camels by the grey die (CU2-SETUP-CRAZY);
//   - a turn: only the pyramid ticket (CU2-PYRAMID-TICKET);
//   - a racing die: its camel moves forward with everything on top of it, onto the
//     top of the stack it lands on (CU2-DIE-RACING, CU2-MOVE-STACK), then the next
//     seat's turn (CU2-TURN-ORDER).
// It leaves out (see expected.txt): bets, spectator tiles, finish cards, partners,
// the grey die during a leg, the leg's end and scoring, the race's end.
// It provides `state` and `legal` and serves `load`: hello's features say so, and
// the driver compares exactly those (no events, no digest).
"use strict";
const readline = require("readline");

const GAME = "camel-up-2018";
const RACING = ["blue", "green", "red", "yellow", "purple"];
const CRAZY = ["white", "black"];
const DICE = [...RACING, "grey"];
let state = null;

function newGame(config) {
  const players = config.players === undefined ? 4 : config.players;
  const keys = Object.keys(config).filter((k) => k !== "players" && k !== "youngest");
  if (!Number.isInteger(players) || players < 3 || players > 8 || keys.length) return null;
  const first = config.youngest === undefined ? 0 : config.youngest;
  if (!Number.isInteger(first) || first < 0 || first >= players) return null;
  const each = (f) => Array.from({ length: players }, f);
  return {
    game: GAME, version: 1, players, phase: "setup", leg: 1, starter: first, turn: first,
    track: Array.from({ length: 18 }, () => []), revealed: [], previous_leg: [],
    bets: each(() => []), pyramid_tickets: each(() => 0), tiles: each(() => null),
    money: each(() => 3), winner_pile: [], loser_pile: [],
    partners: each(() => null),
    hands: each(() => ["blue", "green", "purple", "red", "yellow"].slice()),
    winner_cards: each(() => []), loser_cards: each(() => []),
  };
}

const placed = (colour) => state.track.some((stack) => stack.includes(colour));
const die = (colour, n) => ({ kind: "die", colour, number: n });

function legal() {
  const p = state.phase;
  if (p === "turn") return { actor: state.turn, actions: [{ kind: "pyramid" }] };
  const out = [];
  if (p === "setup" || p === "crazy") {
    const left = (p === "setup" ? RACING : CRAZY).filter((c) => !placed(c));
    for (const c of left) for (const n of [1, 2, 3]) out.push([die(c, n), `1/${3 * left.length}`]);
  } else if (p === "reveal") {
    const gone = new Set(state.revealed.map((f) => f.split(":")[0]));
    const dice = DICE.filter((d) => !(d === "grey" ? CRAZY.some((c) => gone.has(c)) : gone.has(d)));
    for (const d of dice) {
      const colours = d === "grey" ? CRAZY : [d];
      for (const c of colours) for (const n of [1, 2, 3]) {
        out.push([die(c, n), `1/${dice.length * 3 * colours.length}`]);
      }
    }
  } else return { actor: -2, actions: [] };
  return { actor: -1, actions: out.map((x) => x[0]), probabilities: out.map((x) => x[1]) };
}

function apply(action) {
  const key = (a) => JSON.stringify(Object.keys(a || {}).sort().map((k) => [k, a[k]]));
  const listed = legal().actions.some((a) => key(a) === key(action));
  if (!listed) return "KERNEL-LEGAL";
  if (action.kind === "pyramid") {
    state.pyramid_tickets[state.turn] += 1;
    state.phase = "reveal";
    return null;
  }
  const { colour, number } = action;
  if (state.phase === "setup" || state.phase === "crazy") {
    const space = state.phase === "setup" ? number : 17 - number;
    state.track[space].push(colour);
    if (state.phase === "setup" && RACING.every(placed)) state.phase = "crazy";
    else if (state.phase === "crazy" && CRAZY.every(placed)) state.phase = "turn";
    return null;
  }
  if (!RACING.includes(colour)) return "unsupported: the grey die during a leg";
  const from = state.track.findIndex((stack) => stack.includes(colour));
  const at = state.track[from].indexOf(colour);
  const unit = state.track[from].splice(at);
  const to = from + number;
  if (to > 16) return "unsupported: the end of the race";
  state.track[to].push(...unit);
  state.revealed.push(`${colour}:${number}`);
  if (state.revealed.length === 5) return "unsupported: the end of the leg";
  state.turn = (state.turn + 1) % state.players;
  state.phase = "turn";
  return null;
}

function answer(req) {
  const id = req.id;
  switch (req.op) {
    case "hello":
      return { id, ok: true, protocol: 1, games: [GAME],
               features: ["acceptance", "state", "legal", "load"] };
    case "new":
      state = req.game === GAME && req.config && typeof req.config === "object"
        && !Array.isArray(req.config) ? newGame(req.config) : null;
      return state ? { id, ok: true } : { id, ok: false, rejected: "KERNEL-CONFIG" };
    case "load":
      state = JSON.parse(JSON.stringify(req.state));
      return { id, ok: true };
    case "quit":
      return { id, ok: true };
  }
  if (!state) return { id, ok: false, error: "no game: send new or load first" };
  switch (req.op) {
    case "state": return { id, ok: true, state };
    case "legal": return { id, ok: true, ...legal() };
    case "apply": {
      const before = JSON.stringify(state);
      const refused = apply(req.action);
      if (refused === null) return { id, ok: true };
      state = JSON.parse(before);
      return refused.startsWith("unsupported")
        ? { id, ok: false, error: refused } : { id, ok: false, rejected: refused };
    }
  }
  return { id, ok: false, error: `not provided: ${req.op}` };
}

const lines = readline.createInterface({ input: process.stdin });
lines.on("line", (line) => {
  if (!line.trim()) return;
  let req;
  try { req = JSON.parse(line); } catch (e) {
    process.stdout.write(JSON.stringify({ id: null, ok: false, error: "not JSON" }) + "\n");
    return;
  }
  process.stdout.write(JSON.stringify(answer(req)) + "\n");
  if (req.op === "quit") process.exit(0);
});
