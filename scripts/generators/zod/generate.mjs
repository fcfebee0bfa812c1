// Writes the zod part of formgate's generator corpus:
//   tests/data/generators/zod4/  z.toJSONSchema (zod 4, 2020-12)
//   tests/data/generators/zod3/  zodToJsonSchema (zod 3 + zod-to-json-schema, draft-07)
// For each schema, <name>.json is the generator's output as it comes
// (JSON.stringify(.., null, 2)) and <name>.cases.json holds bodies with the verdict of
// zod's own validator (safeParse): `admitted` and `rejected` where zod and the JSON
// Schema mean the same, `differences` where they legitimately do not (zod's verdict
// and why). Run `npm ci && npm run generate` in this folder.

import { mkdirSync, writeFileSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { z as z3 } from "zod";
import { zodToJsonSchema } from "zod-to-json-schema";
import { z as z4 } from "zod4";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..", "..");
const version = (pkg) =>
  JSON.parse(readFileSync(join(here, "node_modules", pkg, "package.json"), "utf8")).version;

// A body whose zod verdict legitimately differs from the schema's: kept apart, with why.
const differs = (why, body) => ({ differs: why, body });

const address = { street: "1 Main St", city: "Springfield", zip: "12345" };
const contact = {
  email: "ada@example.com",
  homepage: "https://example.com/ada",
  id: "123e4567-e89b-12d3-a456-426614174000",
  created: "2024-05-01T12:30:00Z",
};

const OUTPUT_DEFAULT =
  "z.toJSONSchema describes the output type by default, where a field with a default is required; the input may omit it";

// The bodies, shared by both versions; `v4` tells where the two versions' models differ.
const bodies = (v4) => ({
  act: [
    { action: "create", title: "Printer on fire", priority: 1, confidence: 0.9 },
    { action: "close", title: "x", priority: 5, confidence: 1, labels: ["a", "b"], note: null },
    { action: "update", title: "t", priority: 3, confidence: 0.5, note: "ok" },
    { action: "delete", title: "t", priority: 3, confidence: 0.5 },
    { action: "create", title: "", priority: 3, confidence: 0.5 },
    { action: "create", title: "t".repeat(81), priority: 3, confidence: 0.5 },
    { action: "create", title: "t", priority: 0, confidence: 0.5 },
    { action: "create", title: "t", priority: 2.5, confidence: 0.5 },
    { action: "create", title: "t", priority: 3, confidence: 1.01 },
    { action: "create", title: "t", priority: 3, confidence: 0.5, extra: 1 },
    { action: "create", title: "t", priority: 3 },
    { action: "create", title: "t", priority: 3, confidence: 0.5, labels: ["a", "b", "c", "d"] },
    { action: "create", title: "t", priority: 3, confidence: 0.5, note: 7 },
  ],
  numbers: [
    { count: 0, small: -2147483648, ratio: 0.5, step: 1.5, weight: 1 },
    { count: 9007199254740991, small: 2147483647, ratio: 1e-9, step: -3, weight: 3.4e38 },
    { count: -1, small: 0, ratio: 0.5, step: 0, weight: 1 },
    { count: 9007199254740992, small: 0, ratio: 0.5, step: 0, weight: 1 },
    { count: 0, small: 2147483648, ratio: 0.5, step: 0, weight: 1 },
    { count: 0, small: 0, ratio: 0, step: 0, weight: 1 },
    { count: 0, small: 0, ratio: 0.5, step: 0.25, weight: 1 },
    { count: 0, small: 0, ratio: 0.5, step: 0, weight: "1" },
    { count: 1.5, small: 0, ratio: 0.5, step: 0, weight: 1 },
    ...(v4 ? [{ count: 0, small: 0, ratio: 0.5, step: 0, weight: 3.5e38 }] : []),
  ],
  profile: [
    ...(v4 ? [differs(OUTPUT_DEFAULT, { name: "a", age: null }), differs(OUTPUT_DEFAULT, { name: "a", age: null, score: null })]
      : [{ name: "a", age: null }, { name: "a", age: null, score: null }]),
    { name: "a", age: 3, nickname: "b", bio: "c", score: 1.5 },
    { name: "a" },
    { age: 3 },
    { name: null, age: 3 },
    { name: "a", age: 3, bio: null },
    { name: "a", age: "old" },
    { name: "a", age: 3, nickname: null },
  ],
  paint: [
    { color: "red", level: 1, version: 2, finish: "matte" },
    { color: "green", level: 2, finish: "gloss", version: 2 },
    { color: "blue", level: 1, version: 2, finish: "matte" },
    { color: "red", level: 3, version: 2, finish: "matte" },
    { color: "red", level: 1, finish: "satin", version: 2 },
    { color: "red", level: 1, version: 1, finish: "matte" },
    { color: "RED", level: 1, version: 2, finish: "matte" },
  ],
  order: [
    { customer: "c", shipping: address, lines: [1], point: [0, 1.5], stock: {} },
    {
      customer: "c",
      shipping: address,
      billing: null,
      lines: [1, 2, 3, 4],
      stock: { apple: 3, pear: 0 },
      point: [-1, 1e3],
      path: ["a", 1, 2],
    },
    { customer: "c", shipping: { ...address, zip: "1234" }, lines: [1], point: [0, 0], stock: {} },
    { customer: "c", shipping: { street: "s", zip: "12345" }, lines: [1], point: [0, 0], stock: {} },
    { customer: "c", shipping: address, lines: [], point: [0, 0], stock: {} },
    { customer: "c", shipping: address, lines: [1, 2, 3, 4, 5], point: [0, 0], stock: {} },
    { customer: "c", shipping: address, lines: [0], point: [0, 0], stock: {} },
    { customer: "c", shipping: address, lines: [1], point: [0], stock: {} },
    { customer: "c", shipping: address, lines: [1], point: [0, "1"], stock: {} },
    { customer: "c", shipping: address, lines: [1], point: [0, 0], stock: { a: "many" } },
    { customer: "c", shipping: address, lines: [1], point: [0, 0], stock: { Apple: 1 } },
    { customer: "c", shipping: address, lines: [1], point: [0, 0], stock: {}, path: [1] },
    { customer: "c", shipping: address, lines: [1], point: [0, 0], stock: {}, path: ["a", "b"] },
    ...(v4 ? [] : [{ customer: "c", shipping: address, lines: [1], point: [0, 0], stock: {}, tags: ["a", "a"] }]),
    differs("zod strips a member its object does not name (the schema says additionalProperties: false)",
      { customer: "c", shipping: { ...address, country: "US" }, lines: [1], point: [0, 0], stock: {} }),
    { customer: "c", shipping: address, lines: [1], point: [0, 1, 2], stock: {} },
    ...(v4 ? [] : [differs("z.set admits only a JavaScript Set, which JSON.parse never makes; the schema describes an array of unique items",
      { customer: "c", shipping: address, lines: [1], point: [0, 0], stock: {}, tags: ["a", "b"] })]),
  ],
  pet: [
    { pet: { kind: "cat", lives: 9 } },
    { pet: { kind: "dog", good: true } },
    { pet: { kind: "cat", lives: 10 } },
    { pet: { kind: "cat", good: true } },
    { pet: { kind: "cow" } },
    { pet: { lives: 3 } },
    { pet: "cat" },
  ],
  shape: [
    { size: 3 },
    { size: "big" },
    { size: [1, 2], fill: "red" },
    { size: 3, fill: false },
    { size: 3, fill: "blue" },
    { size: { w: 1 } },
    { size: 1.5 },
    { fill: null },
  ],
  tree: [
    { label: "root" },
    { label: "root", children: [{ label: "a", children: [{ label: "b" }] }, { label: "c" }] },
    { label: "root", children: [{ label: "a", children: [{ label: "b".repeat(11) }] }] },
    { label: "root", children: [{ label: "a", children: [{ name: "b" }] }] },
    { label: "root", children: [{ children: [] }] },
    { label: "root", children: { label: "a" } },
  ],
  contact: [
    contact,
    { ...contact, created: "2024-05-01T12:30:00.5Z", birthday: "1815-12-10" },
    { ...contact, email: "not an address" },
    { ...contact, email: "ada@" },
    { ...contact, homepage: "not a url" },
    { ...contact, id: "123e4567" },
    { ...contact, created: "yesterday" },
    { ...contact, birthday: "1815-13-10" },
    { ...contact, id: 7 },
  ],
  legacy: [
    { id: "a" },
    { id: "a", fax: "123" },
    { id: "a", extra: 1 },
    { id: 1 },
  ],
});

// The same models in zod 3's and zod 4's spelling.
function models(z, v4) {
  const Address = z.object({ street: z.string(), city: z.string(), zip: z.string().regex(/^\d{5}$/) });
  const Cat = z.object({ kind: z.literal("cat"), lives: z.number().int().min(0).max(9) });
  const Dog = z.object({ kind: z.literal("dog"), good: z.boolean() });
  const Node = v4
    ? z.object({
        label: z.string().max(10),
        get children() {
          return z.array(Node).optional();
        },
      })
    : z.object({ label: z.string().max(10), children: z.lazy(() => z.array(Node)).optional() });
  const Level = { Low: 1, High: 2 };
  return {
    act: z
      .object({
        action: z.enum(["create", "update", "close"]),
        title: z.string().min(1).max(80),
        priority: z.number().int().min(1).max(5),
        confidence: z.number().min(0).max(1),
        labels: z.array(z.string()).max(3).optional(),
        note: z.string().nullable().optional(),
      })
      .strict(),
    numbers: z.object({
      count: v4 ? z.int().nonnegative() : z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
      small: v4 ? z.int32() : z.number().int().min(-2147483648).max(2147483647),
      ratio: z.number().positive().lt(1),
      step: z.number().multipleOf(0.5),
      weight: v4 ? z.float32() : z.number(),
    }),
    profile: z.object({
      name: z.string(),
      nickname: z.string().optional(),
      age: z.number().int().nullable(),
      bio: z.string().default(""),
      score: z.union([z.number(), z.null()]).optional(),
    }),
    paint: z.object({
      color: z.enum(["red", "green"]),
      level: v4 ? z.enum(Level) : z.nativeEnum(Level),
      finish: z.union([z.literal("matte"), z.literal("gloss")]),
      version: z.literal(2),
    }),
    order: z.object({
      customer: z.string(),
      shipping: Address,
      billing: Address.nullable().optional(),
      lines: z.array(z.number().int().min(1)).min(1).max(4),
      // zod 4 cannot write a Set (toJSONSchema throws), so only zod 3 has one.
      ...(v4 ? {} : { tags: z.set(z.string()).optional() }),
      stock: z.record(z.string().regex(/^[a-z]+$/), z.number().int()),
      point: z.tuple([z.number(), z.number()]),
      path: z.tuple([z.string()]).rest(z.number()).optional(),
    }),
    pet: z.object({ pet: z.discriminatedUnion("kind", [Cat, Dog]) }),
    shape: z.object({
      size: z.union([z.number().int(), z.string(), z.array(z.number().int())]),
      fill: z.union([z.string().max(3), z.boolean()]).nullable().optional(),
    }),
    tree: Node,
    contact: z.object({
      email: v4 ? z.email() : z.string().email(),
      homepage: v4 ? z.url() : z.string().url(),
      id: v4 ? z.uuid() : z.string().uuid(),
      created: v4 ? z.iso.datetime() : z.string().datetime(),
      birthday: (v4 ? z.iso.date() : z.string().date()).optional(),
    }),
    legacy: z.object({ id: z.string(), fax: z.never().optional() }).strict(),
  };
}

function write(dir, name, schema, validator, cases) {
  const out = join(root, "tests", "data", "generators", dir);
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, `${name}.json`), JSON.stringify(schema, null, 2) + "\n");
  const record = { admitted: [], rejected: [], differences: [] };
  for (const c of cases) {
    const body = c.differs ? c.body : c;
    // The body as a server gets it: JSON text, parsed, then validated.
    const ok = validator.safeParse(JSON.parse(JSON.stringify(body))).success;
    const verdict = ok ? "admitted" : "rejected";
    if (c.differs) record.differences.push({ body, generator: verdict, why: c.differs });
    else record[verdict].push(body);
  }
  writeFileSync(join(out, `${name}.cases.json`), JSON.stringify(record, null, 2) + "\n");
}

for (const [dir, z, v4, toSchema] of [
  ["zod4", z4, true, (s) => z4.toJSONSchema(s)],
  ["zod3", z3, false, (s) => zodToJsonSchema(s)],
]) {
  const cases = bodies(v4);
  const all = models(z, v4);
  for (const [name, schema] of Object.entries(all)) write(dir, name, toSchema(schema), schema, cases[name]);
  console.error(`${dir}: ${Object.keys(all).length} schemas`);
}
console.error(
  `zod ${version("zod")}, zod-to-json-schema ${version("zod-to-json-schema")}, zod4 ${version("zod4")}`,
);
