import { openStore } from './server/src/db/store.ts';
import { seedDemo } from './server/seed/index.ts';
import { embedChanged, modelLoadMs } from './server/src/assistant/vectors.ts';
import { USER } from './server/seed/accounts.ts';
import { loadCaller } from './server/src/auth/caller.ts';
import { answerQuestion } from './server/src/assistant/engine.ts';
import { COVERED, UNCOVERED, CATALOGUE_KINDS, scoreTop3 } from './tests/server/assistant.eval.ts';
import { NOTHING, PARAPHRASES } from './tests/server/assistant.paraphrase.ts';
import { writeFileSync } from 'node:fs';
const store = await openStore();
await seedDemo(store.db);
import { existsSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
if (existsSync('/tmp/vec.json')) { const v = JSON.parse(readFileSync('/tmp/vec.json','utf8')).filter((r: any) => r.kind !== 'operation' || Number(r.id.split('#')[1]) < 200); for (const r of v) await store.db.execute(sql`insert into assistant_vectors (kind,id,text_hash,vector) values (${r.kind},${r.id},${r.text_hash},${'{'+r.vector.join(',')+'}'}::real[])`); }
console.log((await store.db.execute(sql`select count(*) filter (where o.ordinal >= 0) n, count(distinct resource_id) r, max(ordinal) m from spec_operations o`) as any).rows);
let t = performance.now();
const n = await embedChanged(store.db);

console.log('embedded', n, 'in', (performance.now() - t).toFixed(0), 'ms; model load', modelLoadMs.toFixed(0));
const caller = (await loadCaller(store.db, USER.consumer!))!;
const app = { db: store.db, assistantVectors: true } as any;
const ask = async (q: string) => { const r = await answerQuestion({ app, caller, question: q, history: [], model: null }); let text=''; for await (const c of r.parts[0]!.chunks) text += c; return { refs: r.references, text }; };
const a1 = []; for (const c of COVERED) a1.push({ ...c, refs: (await ask(c.q)).refs });
const s1 = scoreTop3(a1); console.log('old set', s1.hits, '/', s1.total); for (const m of s1.misses) console.log('  miss', m.q, m.got.join(','));
import { nearest } from './server/src/assistant/vectors.ts';
for (const q of [...UNCOVERED, ...COVERED.slice(0,10).map(c=>c.q)]) console.log('sim', (await nearest(store.db, q, 1))[0]?.sim.toFixed(3), q);
for (const q of UNCOVERED) { const a = await ask(q); if (a.refs.some((r) => CATALOGUE_KINDS.has(r.kind))) console.log('  old uncovered cites', q, a.refs.map(r=>r.id).join(',')); }
for (const lang of ['en','fr','pt','de']) { const a = []; for (const c of PARAPHRASES.filter(p=>p.lang===lang)) a.push({ ...c, refs: (await ask(c.q)).refs }); const s = scoreTop3(a); console.log(lang, s.hits, '/', s.total); if (process.env.SHOW) for (const m of s.misses) console.log('  miss', m.q, m.got.join(',')); }
for (const { q } of NOTHING) { const a = await ask(q); if (a.refs.some((r) => CATALOGUE_KINDS.has(r.kind))) console.log('  nothing cites', q, a.refs.map(r=>r.id).join(',')); }
t = performance.now(); for (let i=0;i<20;i++) await ask(COVERED[i]!.q); console.log('avg answer ms', ((performance.now()-t)/20).toFixed(0));
process.exit(0);
