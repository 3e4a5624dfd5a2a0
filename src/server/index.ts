import { EnvironmentError, loadEnvironment } from "./env.ts";
import { startServer } from "./server.ts";

try {
  const running = await startServer(loadEnvironment());
  const shutdown = () => void running.stop().then(() => process.exit(0));
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
} catch (error) {
  // ISSUE foundation, bad input: a bad variable stops the start and the message names it.
  console.error(error instanceof EnvironmentError ? error.message : error);
  process.exit(1);
}
