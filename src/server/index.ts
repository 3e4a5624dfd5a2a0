import { DatabaseUnreachableError } from "./db/database.ts";
import { EnvironmentError, loadEnvironment } from "./env.ts";
import { startServer } from "./server.ts";

try {
  const environment = loadEnvironment();
  // ADR 272: BANKID_LOCAL_SERVER=1 (development only) runs the project's own BankID server beside the app.
  const localBankId = environment.bankIdLocalServer
    ? await (await import("./test-support/bankid-development.ts")).withDevelopmentBankId(environment)
    : null;
  const running = await startServer(localBankId?.env ?? environment);
  const shutdown = () =>
    void running
      .stop()
      .then(() => localBankId?.stop())
      .then(() => process.exit(0));
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
} catch (error) {
  // A bad variable or a database that never answered stops the start with one line that says
  // which (ADR 011); anything else is unexpected and keeps its stack for the developer.
  const expected = error instanceof EnvironmentError || error instanceof DatabaseUnreachableError;
  console.error(expected ? error.message : error);
  process.exit(1);
}
