// The DuckDB side of bench/score, run in its own process (so /usr/bin/time measures it alone):
// read the CSV, add the 21 per-90 columns and the 2 accuracy percentages, rank each per-90 column
// with percent_rank() inside its cohort (league × season × position group), write CSV or Parquet.
// Usage: node bench/score/duckdb-baseline.mjs <in.csv> <out.csv|out.parquet> <threads|default> <per90 SQL file>
import { readFileSync } from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';

const [input, out, threads, sqlFile] = process.argv.slice(2);
const { per90, ranks } = JSON.parse(readFileSync(sqlFile, 'utf8'));
const instance = await DuckDBInstance.create(':memory:');
const con = await instance.connect();
if (threads !== 'default') await con.run(`SET threads = ${Number(threads)}`);
const ms = {};
const step = async (name, sql) => {
  const t = performance.now();
  await con.run(sql);
  ms[name] = Math.round(performance.now() - t);
};
await step('read', `CREATE TABLE raw AS SELECT * FROM read_csv('${input}', header = true)`);
await step(
  'derive',
  `CREATE TABLE derived AS SELECT *, CASE WHEN position = 'GK' THEN 'goalkeeper' WHEN position IN ('CB','LB','RB','LWB','RWB') THEN 'defender' WHEN position IN ('DM','CM','AM','LM','RM') THEN 'midfielder' ELSE 'attacker' END AS position_group, ${per90} FROM raw`,
);
await step('percentiles', `CREATE TABLE scored AS SELECT *, ${ranks} FROM derived`);
await step(
  'write',
  out.endsWith('.parquet') ? `COPY scored TO '${out}' (FORMAT parquet)` : `COPY scored TO '${out}' (HEADER)`,
);
const n = (await con.runAndReadAll('SELECT count(*)::INTEGER AS n FROM scored')).getRowObjects()[0].n;
const cols = (await con.runAndReadAll('SELECT count(*)::INTEGER AS c FROM (DESCRIBE scored)')).getRowObjects()[0].c;
process.stdout.write(`${JSON.stringify({ rows: n, columns: cols, stages_ms: ms })}\n`);
