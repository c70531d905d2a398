/**
 * A sleep that ends early on notify(); a notify while nobody waits makes the next wait return at once. Resolves
 * true when notified, false when the time ran out.
 */
export class Wakeup {
  private pending = false;
  private wake: (() => void) | null = null;

  notify(): void {
    if (this.wake) this.wake();
    else this.pending = true;
  }

  async wait(ms: number): Promise<boolean> {
    if (this.pending) {
      this.pending = false;
      return true;
    }
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => done(false), ms);
      const self = this;
      function done(notified: boolean) {
        clearTimeout(timer);
        self.wake = null;
        resolve(notified);
      }
      this.wake = () => done(true);
    });
  }
}
