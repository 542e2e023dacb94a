import { randomUUID } from "node:crypto";
import { systemContext } from "../domain/shared";
import { UserAdmin } from "../infra/identity/UserAdmin";
import { runCli } from "./lib/app";

/** npm run admin:grant -- <email>: marks an account as operator (OperatorGranted), for /admin pages. */
runCli(async (app, [email]) => {
  if (!email) {
    console.error("Usage: npm run admin:grant -- <email>");
    return 2;
  }
  const exit = await app.runtime.runPromiseExit(UserAdmin.use((admin) => admin.grantOperator(email, systemContext("cli", new Date(), randomUUID()))));
  if (exit._tag === "Failure") {
    console.error(`No account with the email ${email}.`);
    return 1;
  }
  console.log(`${exit.value.email} is now an operator: /admin/projections is open to this account.`);
  return 0;
});
