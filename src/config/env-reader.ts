/** Reads the environment's values and collects every problem they have, so all are reported together. */
export class EnvReader {
  readonly problems: string[] = [];

  constructor(readonly env: NodeJS.ProcessEnv) {}

  problem(message: string): void {
    this.problems.push(message);
  }

  /** The value without surrounding blanks; null when unset or blank. */
  text(name: string): string | null {
    return this.env[name]?.trim() || null;
  }

  /** An http(s) URL without its trailing slashes; null when unset. */
  url(name: string): string | null {
    const value = this.env[name]?.trim();
    if (!value) return null;
    if (!/^https?:\/\//.test(value)) this.problem(`${name} must be an http(s) URL`);
    return value.replace(/\/+$/, '');
  }

  /** A date AAAA-MM-DD; "nunca" is null, unset is the fallback. */
  date(name: string, fallback: string | null): string | null {
    const value = this.env[name]?.trim();
    if (!value) return fallback;
    if (value === 'nunca') return null;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) this.problem(`${name} must be AAAA-MM-DD or "nunca"`);
    return value;
  }

  /** A code of six digits; unset or blank is the fallback. */
  digits6(name: string, fallback: string): string {
    const value = this.env[name]?.trim() || fallback;
    if (!/^\d{6}$/.test(value)) this.problem(`${name} must have 6 digits`);
    return value;
  }
}
