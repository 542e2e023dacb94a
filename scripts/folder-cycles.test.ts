import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cyclesOf, describeCycle, folderGraph } from "./lib/folder-cycles";

// Reading the whole of infra/, domain/ and src/lib/ takes 2 to 4 s on the 2-core machine.
const READ_MS = 30_000;

describe("imports between the folders of infra/, domain/ and src/lib/", () => {
  it(
    "given the checkout, when its imports are read folder by folder, then no folder imports one that imports it back",
    async () => {
      const graph = await folderGraph();
      // Guards against a reading that found nothing (a moved folder, a resolver that stopped resolving).
      expect(graph.get("infra/publishing")?.has("infra/db")).toBe(true);
      expect(graph.get("infra/modules.ts")?.has("infra/publishing")).toBe(true);
      const cycles = cyclesOf(graph).map((component) => describeCycle(graph, component));
      expect(cycles, "Move the shared code down (to domain/ or the lower folder), or pass it in from the composition root").toEqual([]);
    },
    READ_MS,
  );

  describe("given a made-up checkout", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "folder-cycles-"));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    };

    it(
      "when a folder imports a subfolder of another that imports it back from a second subfolder, then that cycle is named with the imports that make it",
      async () => {
        write("infra/inbox/Inbox.ts", 'import { poll } from "../platforms/inbox/poll";\nexport type Message = string;\nexport const read = poll;\n');
        write("infra/platforms/inbox/poll.ts", "export const poll = () => 1;\n");
        write("infra/platforms/publish/bluesky.ts", 'import type { Message } from "../../inbox/Inbox";\nexport const send = (m: Message) => m;\n');
        write("infra/jobs/add-job.ts", "export const addJob = () => 1;\n");
        write("infra/inbox/inbox.test.ts", 'import { send } from "../platforms/publish/bluesky";\nsend("a");\n');
        const graph = await folderGraph(["infra"], dir);
        expect(cyclesOf(graph)).toEqual([["infra/inbox", "infra/platforms"]]);
        expect(describeCycle(graph, ["infra/inbox", "infra/platforms"])).toEqual([
          "infra/inbox -> infra/platforms: infra/inbox/Inbox.ts -> infra/platforms/inbox/poll.ts",
          "infra/platforms -> infra/inbox: infra/platforms/publish/bluesky.ts -> infra/inbox/Inbox.ts",
        ]);
      },
      READ_MS,
    );
  });
});
