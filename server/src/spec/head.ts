// Shared by every indexer: grouping operations by tag and the size figures of the head.
import { DEFAULT_TAG, type OperationSummary, type SpecHead, type StoredOperation, type TagGroup } from './types.ts';

/** Declared tags first in their declared order (only those with operations), then the others in
 * order of first use, 'default' last: the order Swagger UI readers expect. */
export function groupByTag(
  declared: Array<{ name: string; description: string; externalDocs?: unknown }>,
  operations: StoredOperation[],
): TagGroup[] {
  const groups = new Map<string, TagGroup>();
  for (const t of declared) if (!groups.has(t.name)) groups.set(t.name, { ...t, operations: [] });
  for (const op of operations) {
    for (const tag of op.tags) {
      let group = groups.get(tag);
      if (!group) groups.set(tag, (group = { name: tag, description: '', operations: [] }));
      group.operations.push(summaryOf(op));
    }
  }
  const used = [...groups.values()].filter((g) => g.operations.length > 0);
  return [...used.filter((g) => g.name !== DEFAULT_TAG), ...used.filter((g) => g.name === DEFAULT_TAG)];
}

export const summaryOf = (op: StoredOperation): OperationSummary => ({
  ordinal: op.ordinal,
  method: op.method,
  path: op.path,
  operationId: op.operationId,
  summary: op.summary,
  deprecated: op.deprecated,
  size: op.size,
  ...(op.webhook ? { webhook: true } : {}),
});

export function finishHead(head: SpecHead, operations: StoredOperation[]): SpecHead {
  let total = 0;
  let largest = 0;
  for (const op of operations) {
    total += op.size;
    if (op.size > largest) largest = op.size;
  }
  // Webhooks are listed apart (head.webhooks), not counted as the API's operations.
  head.counts.operations = operations.filter((op) => !op.webhook).length;
  head.counts.tags = head.tags.length;
  head.sizes.operations = total;
  head.sizes.largestOperation = largest;
  head.sizes.index = Buffer.byteLength(JSON.stringify(head));
  return head;
}
