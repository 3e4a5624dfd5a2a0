import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// A real file system of a chosen size, for tests of what happens when a disk fills up (ADR 083):
// a tmpfs mounted on a fresh directory. Mounting needs root, which CI has (it runs as root on the
// same kind of machine as development); outside CI a developer without root may skip such tests,
// in CI they must run, so there they fail with the reason instead.

export type SmallFileSystem = { directory: string; unmount: () => void };

export function mountSmallFileSystem(bytes: number): SmallFileSystem {
  const directory = mkdtempSync(path.join(tmpdir(), "small-file-system-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${bytes},mode=0700`, "tmpfs", directory], { stdio: "pipe" });
  } catch (error) {
    rmSync(directory, { recursive: true, force: true });
    throw new Error(`Could not mount a ${bytes}-byte tmpfs for a full-disk test (it needs root): ${String(error)}`, { cause: error });
  }
  return {
    directory,
    unmount: () => {
      execFileSync("umount", [directory]);
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** Whether full-disk tests run here: always in CI (where a failed mount fails them), elsewhere when mounting works. */
export function fullDiskTestsRun(): boolean {
  if (process.env.CI) return true;
  try {
    mountSmallFileSystem(64 * 1024).unmount();
    return true;
  } catch {
    return false;
  }
}
