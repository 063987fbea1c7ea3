/**
 * A small kustomize, enough for deploy/kubernetes and no more: `resources` (YAML files),
 * `configMapGenerator` and `secretGenerator` (`envs`, `files`, `literals`), `images`, and the
 * generators' `disableNameSuffixHash`. No kubectl or kustomize binary is needed (there is none on
 * a fresh machine); where one is installed, manifests.test.ts checks that it renders the same
 * objects. Any other key of kustomization.yaml is refused, so that nothing is silently ignored.
 *
 * YAML is read as YAML 1.1, as Kubernetes' own parser reads it: an unquoted `no` or `on` is a
 * boolean there, and a test should see what the cluster would.
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseAllDocuments, parse } from 'yaml';

export type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [key: string]: unknown;
};

/** An object and the file it came from (a generator's name for generated ones). */
export interface Loaded {
  source: string;
  object: K8sObject;
}

interface Generator {
  name: string;
  envs?: string[];
  files?: string[];
  literals?: string[];
  options?: { disableNameSuffixHash?: boolean };
}

interface Kustomization {
  apiVersion?: string;
  kind?: string;
  resources?: string[];
  configMapGenerator?: Generator[];
  secretGenerator?: Generator[];
  images?: { name: string; newName?: string; newTag?: string; digest?: string }[];
}

const KNOWN_KEYS = new Set([
  'apiVersion',
  'kind',
  'resources',
  'configMapGenerator',
  'secretGenerator',
  'images',
]);
const GENERATOR_KEYS = new Set(['name', 'envs', 'files', 'literals', 'options']);

/** Every document of a YAML file, parsed as Kubernetes parses it; a syntax error throws. */
export function readYamlDocuments(file: string): unknown[] {
  const docs = parseAllDocuments(readFileSync(file, 'utf8'), { version: '1.1', uniqueKeys: true });
  const list = Array.isArray(docs) ? docs : [docs];
  const out: unknown[] = [];
  for (const doc of list) {
    if (doc.errors.length) throw new Error(`${file}: ${doc.errors.map((e) => e.message).join('; ')}`);
    const value: unknown = doc.toJS();
    if (value !== null && value !== undefined) out.push(value);
  }
  return out;
}

/** kustomize's env file: KEY=VALUE lines; blank lines and # comments skipped. */
export function parseEnvFile(text: string, file = 'env file'): [string, string][] {
  const pairs: [string, string][] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const eq = line.indexOf('=');
    if (eq <= 0) throw new Error(`${file}:${i + 1}: not KEY=VALUE`);
    pairs.push([line.slice(0, eq), line.slice(eq + 1)]);
  });
  return pairs;
}

function generatorData(dir: string, gen: Generator): Record<string, string> {
  for (const key of Object.keys(gen))
    if (!GENERATOR_KEYS.has(key)) throw new Error(`generator ${gen.name}: unsupported key ${key}`);
  const data: Record<string, string> = {};
  const put = (key: string, value: string) => {
    if (key in data) throw new Error(`generator ${gen.name}: key ${key} given twice`);
    data[key] = value;
  };
  for (const env of gen.envs ?? [])
    for (const [k, v] of parseEnvFile(readFileSync(join(dir, env), 'utf8'), env)) put(k, v);
  for (const spec of gen.files ?? []) {
    const [key, path] = spec.includes('=')
      ? (spec.split('=', 2) as [string, string])
      : [basename(spec), spec];
    put(key, readFileSync(join(dir, path), 'utf8'));
  }
  for (const literal of gen.literals ?? []) {
    const [k, v] = parseEnvFile(literal, `literal of ${gen.name}`)[0] ?? [];
    if (k === undefined || v === undefined) throw new Error(`generator ${gen.name}: bad literal`);
    put(k, v);
  }
  return data;
}

function setImages(value: unknown, images: NonNullable<Kustomization['images']>): void {
  if (Array.isArray(value)) {
    value.forEach((v) => setImages(v, images));
    return;
  }
  if (!value || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  for (const list of ['containers', 'initContainers']) {
    for (const container of (record[list] as { image?: string }[] | undefined) ?? []) {
      if (!container.image) continue;
      const [name] = container.image.split(/[:@]/);
      const rule = images.find((i) => i.name === name);
      if (!rule) continue;
      const tag = container.image.slice((name ?? '').length);
      container.image = `${rule.newName ?? name}${rule.digest ? `@${rule.digest}` : rule.newTag ? `:${rule.newTag}` : tag}`;
    }
  }
  for (const v of Object.values(record)) setImages(v, images);
}

export interface Rendered {
  objects: Loaded[];
  /** The generated ConfigMaps and Secrets whose names kustomize suffixes with a hash. */
  hashedNames: string[];
}

/** The objects `kubectl apply -k dir` would send (generated names without their hash suffix). */
export function renderKustomization(dir: string): Rendered {
  const k = parse(readFileSync(join(dir, 'kustomization.yaml'), 'utf8')) as Kustomization;
  for (const key of Object.keys(k))
    if (!KNOWN_KEYS.has(key)) throw new Error(`kustomization.yaml: ${key} is not supported by this loader`);
  if (k.kind !== 'Kustomization') throw new Error('kustomization.yaml: kind must be Kustomization');
  const objects: Loaded[] = [];
  const hashedNames: string[] = [];
  for (const file of k.resources ?? []) {
    for (const doc of readYamlDocuments(join(dir, file)))
      objects.push({ source: file, object: doc as K8sObject });
  }
  for (const gen of k.configMapGenerator ?? []) {
    objects.push({
      source: `configMapGenerator ${gen.name}`,
      object: {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: gen.name },
        data: generatorData(dir, gen),
      },
    });
    if (!gen.options?.disableNameSuffixHash) hashedNames.push(gen.name);
  }
  for (const gen of k.secretGenerator ?? []) {
    const data = Object.fromEntries(
      Object.entries(generatorData(dir, gen)).map(([key, v]) => [key, Buffer.from(v).toString('base64')]),
    );
    objects.push({
      source: `secretGenerator ${gen.name}`,
      object: { apiVersion: 'v1', kind: 'Secret', metadata: { name: gen.name }, type: 'Opaque', data },
    });
    if (!gen.options?.disableNameSuffixHash) hashedNames.push(gen.name);
  }
  if (k.images) for (const { object } of objects) setImages(object, k.images);
  return { objects, hashedNames };
}
