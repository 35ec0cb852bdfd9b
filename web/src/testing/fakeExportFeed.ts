// ExportFeed (core/exporter.ts) for unit tests, where jsdom has no worker: it keeps count of
// the measurements it was sent and says whether it was closed.
export class FakeExportFeed {
  static made: FakeExportFeed[] = [];
  sent = 0;
  parts = 0;
  closed = false;

  constructor() {
    FakeExportFeed.made.push(this);
  }

  add(part: readonly unknown[]): void {
    this.sent += part.length;
    this.parts += 1;
  }

  close(): void {
    this.closed = true;
  }
}
