import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Files that start child processes (services, workers, the CLI) take tens of seconds each; started first, they
// overlap the many short files instead of running alone at the end of a run that has no timings cached yet.
const SLOW = /\/test\/(processos|operacao)\//;

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted.filter((f) => SLOW.test(f.moduleId)), ...sorted.filter((f) => !SLOW.test(f.moduleId))];
  }
}
