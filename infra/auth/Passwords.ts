import { hash, verify } from "@node-rs/argon2";
import { Context, Effect, Layer } from "effect";

// Argon2id (the package's `Algorithm.Argon2id`, a const enum that isolated modules cannot import).
const ARGON2ID = 2;
// OWASP's minimum for argon2id: 19 MiB, 2 iterations, 1 lane.
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export class Passwords extends Context.Service<
  Passwords,
  {
    readonly hash: (password: string) => Effect.Effect<string>;
    readonly verify: (passwordHash: string, password: string) => Effect.Effect<boolean>;
  }
>()("app/Passwords") {
  static layer = Layer.succeed(Passwords, {
    hash: (password) => Effect.promise(() => hash(password, OPTIONS)),
    verify: (passwordHash, password) => Effect.promise(() => verify(passwordHash, password).catch(() => false)),
  });
}
