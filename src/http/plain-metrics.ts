// Counters and histograms kept in plain numbers and published to a prom-client registry when it is
// read. prom-client's own metrics hash and validate the label set on every increment, even through
// a `labels()` child: a cost every answer and every database call would pay. Here a caller resolves
// a label set to its series once (and keeps it), and counting is an addition.
import type { Metric, Registry } from 'prom-client';

type Labels = Record<string, string | number>;

/** What the registry reads from a metric (prom-client's `get()` shape). */
interface Exported {
  name: string;
  help: string;
  type: 'counter' | 'histogram';
  aggregator: 'sum';
  values: Array<{ labels: Labels; value: number; metricName?: string }>;
}

export interface CounterSeries {
  value: number;
}

export interface HistogramSeries {
  count: number;
  sum: number;
  /** Observations per bucket (not cumulative), in the order of the bounds, +Inf last. */
  readonly perBucket: number[];
}

abstract class PlainMetric<S> {
  private readonly series = new Map<string, { labels: Labels; series: S }>();

  constructor(
    registry: Registry,
    readonly name: string,
    readonly help: string,
  ) {
    // The registry needs only name, help, type and get() of a metric, which this provides.
    registry.registerMetric(this as unknown as Metric);
  }

  /** The series of `labels` (created at zero on first use). */
  of(labels: Labels): S {
    const key = JSON.stringify(labels);
    let entry = this.series.get(key);
    if (!entry) {
      entry = { labels, series: this.create() };
      this.series.set(key, entry);
    }
    return entry.series;
  }

  protected abstract create(): S;
  protected abstract values(labels: Labels, series: S): Exported['values'];
  abstract readonly type: Exported['type'];

  async get(): Promise<Exported> {
    const values = [...this.series.values()].flatMap(({ labels, series }) => this.values(labels, series));
    return { name: this.name, help: this.help, type: this.type, aggregator: 'sum', values };
  }

  reset(): void {
    this.series.clear();
  }
}

export class PlainCounter extends PlainMetric<CounterSeries> {
  readonly type = 'counter';

  protected create(): CounterSeries {
    return { value: 0 };
  }

  protected values(labels: Labels, series: CounterSeries): Exported['values'] {
    return [{ labels, value: series.value }];
  }
}

export class PlainHistogram extends PlainMetric<HistogramSeries> {
  readonly type = 'histogram';

  constructor(
    registry: Registry,
    name: string,
    help: string,
    private readonly bounds: readonly number[],
  ) {
    super(registry, name, help);
  }

  protected create(): HistogramSeries {
    return { count: 0, sum: 0, perBucket: new Array<number>(this.bounds.length + 1).fill(0) };
  }

  observe(series: HistogramSeries, value: number): void {
    let bucket = 0;
    while (bucket < this.bounds.length && value > (this.bounds[bucket] as number)) bucket += 1;
    series.perBucket[bucket] = (series.perBucket[bucket] as number) + 1;
    series.count += 1;
    series.sum += value;
  }

  protected values(labels: Labels, series: HistogramSeries): Exported['values'] {
    let cumulative = 0;
    const buckets = series.perBucket.map((count, index) => {
      cumulative += count;
      return { labels: { ...labels, le: index < this.bounds.length ? (this.bounds[index] as number) : '+Inf' }, value: cumulative, metricName: `${this.name}_bucket` };
    });
    return [...buckets, { labels, value: series.sum, metricName: `${this.name}_sum` }, { labels, value: series.count, metricName: `${this.name}_count` }];
  }
}
