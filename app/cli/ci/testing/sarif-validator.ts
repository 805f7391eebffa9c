import { readFileSync } from 'node:fs';
import Ajv from 'ajv';

/**
 * A validator for SARIF 2.1.0 logs, from the OASIS schema kept beside this file. The schema is
 * JSON Schema draft-04, which Ajv 8 reads once its `id` is named `$id` (no other draft-04 keyword
 * it uses means anything else in later drafts).
 */
export function sarifValidator(): (log: unknown) => string[] {
  const schema = JSON.parse(readFileSync(new URL('./sarif-schema-2.1.0.json', import.meta.url), 'utf8'));
  const { $schema: _draft, id, ...rest } = schema;
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addFormat('uri', (s: string) => URL.canParse(s));
  ajv.addFormat('uri-reference', true);
  ajv.addFormat('date-time', (s: string) => !Number.isNaN(Date.parse(s)));
  const validate = ajv.compile({ $id: id, ...rest });
  return (log) => (validate(log) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`));
}
