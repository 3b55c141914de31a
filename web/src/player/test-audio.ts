/** Just enough of <audio> to drive the controller: events are dispatched at once, not queued. */
export class FakeAudio extends EventTarget {
  #src = '';
  currentTime = 0;
  duration = Number.NaN;
  volume = 1;
  paused = true;
  preload = 'metadata';
  error: MediaError | null = null;

  get src(): string {
    return this.#src;
  }

  /** A new source loads from the start, paused, without a pause event (the HTML load algorithm). */
  set src(url: string) {
    this.#src = url;
    this.currentTime = 0;
    this.paused = true;
  }

  play(): Promise<void> {
    if (this.paused) {
      this.paused = false;
      this.emit('play');
      this.emit('playing');
    }
    return Promise.resolve();
  }

  pause(): void {
    if (this.paused) return;
    this.paused = true;
    this.emit('pause');
  }

  load(): void {}

  removeAttribute(name: string): void {
    if (name === 'src') this.#src = '';
    else this.attributes.delete(name);
  }

  readonly attributes = new Map<string, string>();

  setAttribute(name: string, value: string): void {
    this.attributes.set(name, value);
  }

  /** Plays to the end as a browser does: pause, then ended. */
  finish(): void {
    this.currentTime = this.duration;
    this.paused = true;
    this.emit('pause');
    this.emit('ended');
  }

  emit(type: string): void {
    this.dispatchEvent(new Event(type));
  }
}

export function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
}
