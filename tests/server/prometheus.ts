// A strict reader of the Prometheus text exposition format (0.0.4), for the metrics tests: every
// line is a HELP, a TYPE or a sample; names and label names are valid; label values are escaped
// as the format says; a family is declared (TYPE) once, before its samples, and its samples are
// together; histogram buckets are cumulative, end with +Inf, and +Inf equals _count. Throws
// naming the line otherwise.
export interface Sample { name: string; labels: Record<string, string>; value: number }
export interface Family { name: string; type: string; help: string; samples: Sample[] }

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
const SUFFIXES: Record<string, string[]> = { histogram: ['_bucket', '_sum', '_count'], summary: ['_sum', '_count', ''], counter: ['', '_total'] };

function parseValue(text: string, line: number): number {
  // As Prometheus reads them (Go's ParseFloat): Inf, Infinity and NaN in any case (prom-client writes "Nan").
  if (/^\+?inf(inity)?$/i.test(text)) return Infinity;
  if (/^-inf(inity)?$/i.test(text)) return -Infinity;
  if (/^nan$/i.test(text)) return NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) throw new Error(`line ${line}: bad value "${text}"`);
  return Number(text);
}

function parseLabels(text: string, line: number): { labels: Record<string, string>; rest: string } {
  const labels: Record<string, string> = {};
  let i = 1; // after '{'
  for (;;) {
    if (text[i] === '}') return { labels, rest: text.slice(i + 1) };
    const eq = text.indexOf('=', i);
    if (eq < 0) throw new Error(`line ${line}: label without =`);
    const name = text.slice(i, eq);
    if (!LABEL.test(name)) throw new Error(`line ${line}: bad label name "${name}"`);
    if (name in labels) throw new Error(`line ${line}: label ${name} twice`);
    if (text[eq + 1] !== '"') throw new Error(`line ${line}: label value not quoted`);
    let value = '';
    let j = eq + 2;
    for (; j < text.length && text[j] !== '"'; j++) {
      if (text[j] === '\\') {
        const next = text[++j];
        if (next === 'n') value += '\n';
        else if (next === '\\' || next === '"') value += next;
        else throw new Error(`line ${line}: bad escape \\${next}`);
      } else value += text[j];
    }
    if (j >= text.length) throw new Error(`line ${line}: unterminated label value`);
    labels[name] = value;
    i = j + 1;
    if (text[i] === ',') i++;
    else if (text[i] !== '}') throw new Error(`line ${line}: expected , or } after a label`);
  }
}

export function parsePrometheus(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const closed = new Set<string>();
  let current: Family | undefined;
  const familyOf = (sample: string): Family | undefined => {
    for (const [name, family] of families) {
      if ((SUFFIXES[family.type] ?? ['']).some((suffix) => `${name}${suffix}` === sample)) return family;
    }
    return undefined;
  };
  text.split('\n').forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    if (raw.startsWith('#')) {
      const m = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(raw);
      if (!m) return; // a plain comment
      const [, kind, name, rest] = m as unknown as [string, string, string, string];
      if (!NAME.test(name)) throw new Error(`line ${line}: bad metric name "${name}"`);
      if (closed.has(name)) throw new Error(`line ${line}: family ${name} declared again after other families`);
      let family = families.get(name);
      if (!family) families.set(name, family = { name, type: 'untyped', help: '', samples: [] });
      if (kind === 'TYPE') {
        if (!TYPES.has(rest)) throw new Error(`line ${line}: bad type "${rest}"`);
        if (family.samples.length) throw new Error(`line ${line}: TYPE after samples of ${name}`);
        family.type = rest;
      } else family.help = rest;
      if (current && current !== family) closed.add(current.name);
      current = family;
      return;
    }
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(.*)$/.exec(raw);
    if (!m) throw new Error(`line ${line}: not a sample: ${raw}`);
    const name = m[1]!;
    let rest = m[2]!;
    let labels: Record<string, string> = {};
    if (rest.startsWith('{')) ({ labels, rest } = parseLabels(rest, line));
    const parts = rest.trim().split(/\s+/);
    if (!rest.startsWith(' ') || parts.length < 1 || parts.length > 2) throw new Error(`line ${line}: expected " value [timestamp]"`);
    const value = parseValue(parts[0]!, line);
    if (parts[1] !== undefined && !/^-?\d+$/.test(parts[1])) throw new Error(`line ${line}: bad timestamp`);
    const family = familyOf(name);
    if (!family) throw new Error(`line ${line}: sample ${name} of no declared family`);
    if (family !== current) throw new Error(`line ${line}: sample ${name} away from its family's block`);
    family.samples.push({ name, labels, value });
  });
  for (const family of families.values()) if (family.type === 'histogram') checkHistogram(family);
  return families;
}

function checkHistogram(family: Family): void {
  const series = new Map<string, Sample[]>();
  const key = (labels: Record<string, string>) => JSON.stringify(Object.entries(labels).filter(([k]) => k !== 'le').sort());
  for (const s of family.samples) if (s.name.endsWith('_bucket')) {
    if (s.labels.le === undefined) throw new Error(`${family.name}: bucket without le`);
    series.set(key(s.labels), [...(series.get(key(s.labels)) ?? []), s]);
  }
  for (const [k, buckets] of series) {
    let last = -Infinity;
    let count = 0;
    for (const b of buckets) {
      const le = parseValue(b.labels.le!, 0);
      if (le <= last) throw new Error(`${family.name}${k}: buckets out of order`);
      if (b.value < count) throw new Error(`${family.name}${k}: buckets not cumulative`);
      last = le;
      count = b.value;
    }
    if (last !== Infinity) throw new Error(`${family.name}${k}: no +Inf bucket`);
    const total = family.samples.find((s) => s.name === `${family.name}_count` && key(s.labels) === k);
    if (!total || total.value !== count) throw new Error(`${family.name}${k}: _count is not the +Inf bucket`);
  }
}

/** The value of the sample `name` whose labels include `labels` (exactly one must match), or 0 when none does. */
export function valueOf(families: Map<string, Family>, name: string, labels: Record<string, string> = {}): number {
  const matches = [...families.values()].flatMap((f) => f.samples)
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (matches.length > 1) throw new Error(`${name} ${JSON.stringify(labels)}: ${matches.length} samples match`);
  return matches[0]?.value ?? 0;
}
