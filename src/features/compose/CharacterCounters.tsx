import type { PlatformId } from "../../../domain/accounts";
import { characterCount } from "../../../domain/publishing/validation";

interface CharacterCountersProps {
  readonly content: string;
  readonly platforms: ReadonlyArray<PlatformId>;
  readonly names: Readonly<Record<string, string>>;
  readonly limits: Readonly<Record<string, number>>;
}

/**
 * The Description's counter of each chosen platform against its limit (loaded when the first
 * account is chosen, with the grapheme counting of domain/publishing/validation).
 */
export default function CharacterCounters({ content, platforms, names, limits }: CharacterCountersProps) {
  const count = characterCount(content);
  return platforms.map((p) => {
    const max = limits[p] ?? 0;
    return (
      <li key={p} data-testid={`counter-${p}`} data-over={count > max ? "true" : "false"} className={count > max ? "compose-counter over" : "compose-counter"}>
        {names[p] ?? p}: {count}/{max}
      </li>
    );
  });
}
