import { Arbitrary, Effect, Schema } from "effect"
const show = (name: string, arb: Arbitrary.Arbitrary<any>, size = 30) =>
  Effect.runPromise(Arbitrary.sampleEffect(arb, { size } as any)).then((xs) => console.log(name, JSON.stringify(xs.slice(0, 12))))
await show("json", Arbitrary.schema(Schema.Json))
await show("string", Arbitrary.schema(Schema.String))
await show("int", Arbitrary.schema(Schema.Int), 1000)
await show("lits", Arbitrary.schema(Schema.Literals(["a", "b"])))
await show("num", Arbitrary.schema(Schema.Number))
