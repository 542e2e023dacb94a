import { randomUUID } from "node:crypto";
import { isTier, TIERS } from "../domain/plans";
import { systemContext } from "../domain/shared";
import { UserAdmin } from "../infra/identity/UserAdmin";
import { runCli } from "./lib/app";

/** npm run admin:plan -- <email> <tier>: support staff set a user's plan (recorded as PlanChanged). */
runCli(async (app, [email, tier]) => {
  if (!email || !isTier(tier)) {
    console.error(`Usage: npm run admin:plan -- <email> <tier>   (tier: ${TIERS.join(", ")})`);
    return 2;
  }
  const exit = await app.runtime.runPromiseExit(
    UserAdmin.use((admin) => admin.setPlan(email, tier, "set by support", systemContext("cli", new Date(), randomUUID()))),
  );
  if (exit._tag === "Failure") {
    console.error(`No account with the email ${email}.`);
    return 1;
  }
  console.log(`${exit.value.email} is now on the ${exit.value.subscriptionTier} plan (${exit.value.subscriptionStatus}).`);
  return 0;
});
