import { readFileSync } from 'node:fs';

/** The node flags of `npm start`, read from package.json so that a bench cannot drift from it. */
export function startFlags(): string[] {
  const start = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start;
  const flags = /exec node ((?:--[\w-]+=\S+ )*)dist\/cli\/main\.js serve/
    .exec(start)?.[1]
    ?.trim()
    .split(' ')
    .filter(Boolean);
  if (!flags)
    throw new Error(`package.json's start script is not "… exec node [flags] dist/cli/main.js serve": ${start}`);
  return flags;
}
