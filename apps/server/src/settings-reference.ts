import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { settingsSchema } from './settings';

/**
 * docs/owner/settings-reference.md, generated from the settings schema (settings.ts and the
 * features' settings-schema.ts): every key with its type, default and `.describe()` text. The
 * descriptions live in the schema, so the page cannot drift from the code; a test compares the
 * committed page with this output. Regenerate with `npm run docs:settings`.
 */

export const SETTINGS_REFERENCE_FILE = resolve(import.meta.dirname, '../../../docs/owner/settings-reference.md');
export const REGENERATE_COMMAND = 'npm run docs:settings';

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  format?: string;
  default?: unknown;
  description?: string;
}

/** Longer defaults (the ten vote sites) are shown in the example file instead. */
const MAX_INLINE_DEFAULT = 100;

const code = (text: string) => `\`${text}\``;
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
/** "see mail.md" in a description links the owner's guide page beside this one. */
const linkPages = (text: string) => text.replace(/\b([a-z-]+\.md)\b/g, '[$1]($1)');
const bounded = (value: number | undefined) =>
  value !== undefined && Math.abs(value) < Number.MAX_SAFE_INTEGER ? value : undefined;

const range = (schema: JsonSchema) => {
  const [low, high, above] = [bounded(schema.minimum), bounded(schema.maximum), bounded(schema.exclusiveMinimum)];
  if (low !== undefined && high !== undefined) return ` ${low}-${high}`;
  const bounds = [
    ...(low !== undefined ? [`≥ ${low}`] : []),
    ...(above !== undefined ? [`> ${above}`] : []),
    ...(high !== undefined ? [`≤ ${high}`] : []),
  ];
  return bounds.length ? ` ${bounds.join(', ')}` : '';
};

const text = (min = 0, max?: number) => {
  if (max !== undefined) return min > 0 ? `text of ${min}-${max} characters` : `text of at most ${max} characters`;
  return min > 0 ? (min === 1 ? 'non-empty text' : `text of at least ${min} characters`) : 'text';
};

const objectShape = (schema: JsonSchema) => {
  const required = new Set(schema.required ?? []);
  const keys = Object.keys(schema.properties ?? {}).map((key) => (required.has(key) ? key : `${key}?`));
  return code(`{ ${keys.join(', ')} }`);
};

/** A short human reading of a JSON Schema type. */
const typeOf = (schema: JsonSchema): string => {
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return [...new Set(union.map(typeOf))].join(' or ');
  if (schema.enum) return `one of ${schema.enum.map((value) => code(String(value))).join(', ')}`;
  if (schema.const !== undefined) return code(JSON.stringify(schema.const));
  switch (schema.type) {
    case 'string':
      if (schema.format === 'uri') return 'URL';
      return text(schema.minLength, schema.maxLength);
    case 'integer':
    case 'number':
      return `${schema.type}${range(schema)}`;
    case 'boolean':
      return '`true` or `false`';
    case 'null':
      return '`null`';
    case 'array':
      return `list of ${schema.items ? typeOf(schema.items) : 'values'}${schema.maxItems !== undefined ? ` (at most ${schema.maxItems})` : ''}`;
    case 'object':
      if (schema.properties) return objectShape(schema);
      if (schema.propertyNames && typeof schema.additionalProperties === 'object') {
        return `map from ${typeOf(schema.propertyNames)} to ${typeOf(schema.additionalProperties)}`;
      }
      return 'object';
    default:
      return 'any';
  }
};

const defaultOf = (schema: JsonSchema, required: boolean): string => {
  if (schema.default === undefined) return required ? 'required' : 'unset';
  const json = JSON.stringify(schema.default);
  if (json.length <= MAX_INLINE_DEFAULT) return code(json);
  const count = Array.isArray(schema.default) ? `${schema.default.length} entries` : 'an object';
  return `${count}: see ${code('gatekeeper.settings.example.json')}`;
};

interface Row {
  key: string;
  type: string;
  default: string;
  description: string;
}

const isSection = (schema: JsonSchema) => schema.type === 'object' && schema.properties !== undefined;

/** The rows of one key: a nested object becomes its keys, a list of objects its items' keys. */
const rowsOf = (key: string, schema: JsonSchema, required: boolean): Row[] => {
  const own: Row = {
    key,
    type: typeOf(schema),
    default: defaultOf(schema, required),
    description: schema.description ?? '',
  };
  if (isSection(schema)) {
    const nested = Object.entries(schema.properties ?? {}).flatMap(([name, property]) =>
      rowsOf(`${key}.${name}`, property, (schema.required ?? []).includes(name)),
    );
    return schema.description ? [own, ...nested] : nested;
  }
  if (schema.type === 'array' && schema.items && isSection(schema.items)) {
    return [own, ...rowsOf(`${key}[]`, schema.items, true).filter((row) => row.key !== `${key}[]`)];
  }
  return [own];
};

const table = (rows: Row[]) => [
  '| key | type | default | description |',
  '| --- | --- | --- | --- |',
  ...rows.map(
    (row) => `| ${[code(row.key), row.type, row.default, linkPages(row.description)].map(cell).join(' | ')} |`,
  ),
];

export const renderSettingsReference = (): string => {
  const root = z.toJSONSchema(settingsSchema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const sections = Object.entries(root.properties ?? {}).flatMap(([key, schema]) => {
    const section = isSection(schema);
    const rows = section
      ? Object.entries(schema.properties ?? {}).flatMap(([name, property]) =>
          rowsOf(`${key}.${name}`, property, (schema.required ?? []).includes(name)),
        )
      : rowsOf(key, schema, false);
    return [
      '',
      `## ${code(key)}`,
      '',
      ...(section && schema.description ? [linkPages(schema.description), ''] : []),
      ...table(rows),
    ];
  });
  return [
    '# Settings reference',
    '',
    `<!-- Generated from the settings schema by \`${REGENERATE_COMMAND}\`: edit the .describe() texts in`,
    '     apps/server/src/settings.ts and apps/server/src/features/*/settings-schema.ts, not this page. -->',
    '',
    'Every key of `gatekeeper.settings.json` (or the file `SETTINGS_FILE` names). A key you leave out',
    'keeps its default; an unknown key or a bad value stops start-up with a message naming it. How the',
    'file is read: [settings.md](settings.md).',
    ...sections,
    '',
  ].join('\n');
};

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  writeFileSync(SETTINGS_REFERENCE_FILE, renderSettingsReference());
  console.log(`wrote ${SETTINGS_REFERENCE_FILE}`);
}
