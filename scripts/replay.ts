import { catchUpAsyncProjections } from "../infra/eventstore/async-projector";
import { rebuildProjections, verifyProjections } from "../infra/eventstore/rebuild";
import { projections } from "../infra/modules";
import { runCli } from "./lib/app";

/**
 * npm run replay: rebuilds every read model from the events.
 * npm run replay -- --verify: rebuilds into scratch tables, compares with the live read models,
 * changes nothing, and exits 1 when any row differs.
 */
runCli(async (app, args) => {
  if (args.includes("--verify")) {
    await app.runtime.runPromise(catchUpAsyncProjections(projections));
    const result = await app.runtime.runPromise(verifyProjections(projections));
    console.log(`Verified ${projections.length} projections against ${result.events} events.`);
    if (result.differences.length === 0) {
      console.log("Every read model matches the events.");
      return 0;
    }
    for (const d of result.differences) {
      console.log(`✗ ${d.projection} / ${d.table}: ${d.onlyLive} row(s) only in the live table, ${d.onlyRebuilt} only in the rebuild`);
      for (const example of d.examples) console.log(`    ${example.side}: ${JSON.stringify(example.row)}`);
    }
    return 1;
  }
  const result = await app.runtime.runPromise(rebuildProjections(projections));
  const perSecond = result.milliseconds > 0 ? Math.round((result.events / result.milliseconds) * 1000) : result.events;
  console.log(`Rebuilt ${projections.map((p) => p.name).join(", ")} from ${result.events} events in ${result.milliseconds} ms (${perSecond} events/s).`);
  return 0;
});
