import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadEnvironment } from "../env.ts";
import { startServer, type RunningServer } from "../server.ts";
import { createLocalDiskStorage } from "./local-disk-storage.ts";

// ADR 111: a process killed in the middle of an upload leaves its temporary file, named after the
// customer's stored file (an avatar carries the user id). The server removes such leftovers when
// it starts, and leaves alone a write another process may still be making.

const directories: string[] = [];
let running: RunningServer | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

describe("temporary upload files left by a killed server", () => {
  it("are removed when the server starts; stored files and a write still in progress stay", async () => {
    const dataDirectory = mkdtempSync(path.join(tmpdir(), "unfinished-writes-"));
    directories.push(dataDirectory);
    const uploads = path.join(dataDirectory, "uploads");
    const storage = createLocalDiskStorage(uploads);
    const userId = randomBytes(16).toString("hex");
    const avatar = await storage.putNamed("avatars", `${userId}-avatar.webp`, Buffer.from("picture"), { contentType: "image/webp" });
    const document = await storage.put("id-documents", Buffer.from("passport"), { contentType: "image/jpeg" });

    // What a kill during writeAtomically leaves: <file>.<random>.tmp, minutes before the restart.
    mkdirSync(path.join(uploads, "avatars"), { recursive: true });
    const leftovers = [
      path.join(uploads, "avatars", `${userId}-avatar.webp.${randomBytes(6).toString("hex")}.tmp`),
      path.join(uploads, "id-documents", `${randomUUID()}.${randomBytes(6).toString("hex")}.tmp`),
    ];
    const minutesAgo = new Date(Date.now() - 5 * 60_000);
    for (const file of leftovers) {
      writeFileSync(file, "half a passport");
      utimesSync(file, minutesAgo, minutesAgo);
    }
    const inProgress = path.join(
      uploads,
      "avatars",
      `${randomBytes(16).toString("hex")}-avatar.webp.${randomBytes(6).toString("hex")}.tmp`,
    );
    writeFileSync(inProgress, "being written");

    const env = loadEnvironment({
      NODE_ENV: "test",
      PORT: "0",
      DATA_DIR: dataDirectory,
      AUTH_SECRET: randomBytes(32).toString("hex"),
      DATABASE_URL: "",
    });
    running = await startServer(env, { clientDirectory: path.join(dataDirectory, "no-client-build") });

    for (const file of leftovers) expect(existsSync(file), path.basename(file)).toBe(false);
    expect(existsSync(inProgress)).toBe(true);
    expect(await storage.get(avatar)).toMatchObject({ contentType: "image/webp" });
    expect(await storage.get(document)).toMatchObject({ contentType: "image/jpeg" });
    const names = readdirSync(path.join(uploads, "avatars")).filter((name) => name.includes(userId));
    expect(names).toEqual([`${userId}-avatar.webp`]);
  });
});
