/**
 * deploy/, checked offline (issue 27; npm run test:deploy runs this file on its own):
 * - every Kubernetes object of the kustomize base against the API's schemas (kubernetes-models:
 *   types and formats, and the TypeScript interfaces for fields the API does not know, as
 *   `kubectl apply`'s strict field validation would refuse them), and its references (names,
 *   selectors, ports) resolved within the base;
 * - what the issue and docs/operations.md ask of the BFF's pod: non-root, read-only root
 *   filesystem, no capabilities, seccomp, probes, a grace period longer than the preStop and the
 *   BFF's drain, memory against the image's heap size, ConfigMaps mounted whole;
 * - every variable the manifests set is one of bff/config.ts's, and the BFF's own configuration
 *   check takes the environment they give (refusing only the Secret's placeholders);
 * - the Ingress's limits are nginx.conf's;
 * - the Grafana dashboard and the alert rules name only metrics (and labels) that
 *   bff/metrics/metrics.ts registers; the dashboard's queries parse (promtool, when installed);
 * - where kubectl or kustomize is installed, it renders the same objects as this file's loader.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments, parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import express from 'express';
import { CONFIG_VARIABLES, parseConfig } from '@bff/config';
import { createAppServer } from '@bff/server';
import { PROXY_ONLY_HEADERS } from '@bff/tracing/context';
import { createMetrics } from '@bff/metrics/metrics';
import { DEFAULT_RULES } from '@bff/rate-limit/rules';
import type { AllowlistSource } from '@bff/redirect/allowlist';
import { Deployment, StatefulSet } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Secret, Service } from 'kubernetes-models/v1';
import { type K8sObject, type Loaded, readYamlDocuments, renderKustomization } from './kustomize';
import { listen, shut } from '../support/http';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BASE = join(ROOT, 'deploy/kubernetes');
const DASHBOARD = join(ROOT, 'deploy/grafana/uaa-sso-dashboard.json');
const ALERTS = join(ROOT, 'deploy/prometheus/uaa-sso-alerts.yaml');

// Variables read by Node itself, not by bff/config.ts, that a manifest may set.
const NODE_VARIABLES = new Set(['NODE_OPTIONS', 'NODE_EXTRA_CA_CERTS']);
// Labels every scraped series gets from Prometheus (or the Kubernetes service discovery).
const TARGET_LABELS = new Set(['job', 'instance', 'namespace', 'pod', 'container', 'service', 'node']);
// Series the alerts may name that the BFF does not export: Prometheus's own, kube-state-metrics'.
const EXTERNAL_METRICS = new Set(['up', 'kube_deployment_status_replicas_available']);

// The kinds the base may hold, by apiVersion and kind, with the API's schemas as kubernetes-models
// bundles them (its TypeScript interfaces serve the strict check below).
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'apps/v1 Deployment': Deployment,
  'apps/v1 StatefulSet': StatefulSet,
  'autoscaling/v2 HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'networking.k8s.io/v1 Ingress': Ingress,
  'networking.k8s.io/v1 NetworkPolicy': NetworkPolicy,
  'policy/v1 PodDisruptionBudget': PodDisruptionBudget,
  'v1 ConfigMap': ConfigMap,
  'v1 Secret': Secret,
  'v1 Service': Service,
};

const { objects, hashedNames } = renderKustomization(BASE);

type Container = {
  name: string;
  image: string;
  env?: { name: string; value?: string; valueFrom?: Record<string, { name: string; key: string }> }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  ports?: { name?: string; containerPort: number }[];
  volumeMounts?: { name: string; mountPath: string; subPath?: string; readOnly?: boolean }[];
  securityContext?: Record<string, unknown>;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  livenessProbe?: { httpGet?: { path: string; port: string | number } };
  readinessProbe?: { httpGet?: { path: string; port: string | number } };
  startupProbe?: { httpGet?: { path: string; port: string | number } };
  lifecycle?: { preStop?: { exec?: { command: string[] }; sleep?: { seconds: number } } };
};
type PodSpec = {
  containers: Container[];
  volumes?: { name: string; configMap?: { name: string }; secret?: { secretName: string } }[];
  securityContext?: Record<string, unknown>;
  terminationGracePeriodSeconds?: number;
};
type Workload = K8sObject & {
  spec: {
    selector: { matchLabels: Record<string, string> };
    template: { metadata: { labels: Record<string, string> }; spec: PodSpec };
  };
};

const all = objects.map((o) => o.object);
const find = (kind: string, name: string) => all.find((o) => o.kind === kind && o.metadata.name === name);
const ofKind = <T = K8sObject>(kind: string) => all.filter((o) => o.kind === kind) as T[];
const workloads = [...ofKind<Workload>('Deployment'), ...ofKind<Workload>('StatefulSet')];
const bff = ofKind<Workload>('Deployment').find((d) => d.metadata.name === 'uaa-sso') as Workload;
const bffContainer = bff.spec.template.spec.containers.find((c) => c.name === 'bff') as Container;
const where = (o: Loaded) => `${o.source}: ${o.object.kind}/${o.object.metadata.name}`;

/** The text the data of a ConfigMap or a Secret holds for `key` (a Secret's decoded). */
function dataOf(kind: 'ConfigMap' | 'Secret', name: string): Record<string, string> {
  const o = find(kind, name) as (K8sObject & { data?: Record<string, string> }) | undefined;
  if (!o) throw new Error(`${kind} ${name} is not in the base`);
  const data = o.data ?? {};
  return kind === 'ConfigMap'
    ? data
    : Object.fromEntries(
        Object.entries(data).map(([k, v]) => [k, Buffer.from(v, 'base64').toString('utf8')]),
      );
}

/** The BFF container's environment as the kubelet would give it (envFrom first, env over it). */
function bffEnvironment(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const from of bffContainer.envFrom ?? []) {
    if (from.configMapRef) Object.assign(env, dataOf('ConfigMap', from.configMapRef.name));
    if (from.secretRef) Object.assign(env, dataOf('Secret', from.secretRef.name));
  }
  for (const e of bffContainer.env ?? []) {
    if (e.value !== undefined) env[e.name] = e.value;
    const ref = e.valueFrom?.configMapKeyRef ?? e.valueFrom?.secretKeyRef;
    if (ref) {
      const kind = e.valueFrom?.configMapKeyRef ? 'ConfigMap' : 'Secret';
      const value = dataOf(kind, ref.name)[ref.key];
      if (value === undefined) throw new Error(`${e.name}: ${kind} ${ref.name} has no key ${ref.key}`);
      env[e.name] = value;
    }
  }
  return env;
}

describe('the kustomize base against the Kubernetes schemas', () => {
  it('holds the objects the issue asks for', () => {
    const kinds = all.map((o) => `${o.kind}/${o.metadata.name}`).sort();
    expect(kinds).toEqual(
      expect.arrayContaining([
        'Deployment/uaa-sso',
        'Service/uaa-sso',
        'PodDisruptionBudget/uaa-sso',
        'HorizontalPodAutoscaler/uaa-sso',
        'Ingress/uaa-sso',
        'ConfigMap/uaa-sso-config',
        'ConfigMap/uaa-sso-rate-limits',
        'ConfigMap/uaa-sso-links',
        'Secret/uaa-sso-secrets',
        'StatefulSet/uaa-sso-redis',
        'Service/uaa-sso-redis',
        'StatefulSet/uaa-sso-redis-sentinel',
        'Service/uaa-sso-redis-sentinel',
      ]),
    );
    expect(new Set(kinds).size, 'no kind/name twice').toBe(kinds.length);
  });

  it('every object passes its API schema (kubernetes-models)', () => {
    const problems: string[] = [];
    for (const o of objects) {
      const Model = MODELS[`${o.object.apiVersion} ${o.object.kind}`];
      if (!Model) {
        problems.push(
          `${where(o)}: no schema here for ${o.object.apiVersion} ${o.object.kind} (add it to MODELS)`,
        );
        continue;
      }
      try {
        new Model(o.object as never).validate();
      } catch (err) {
        problems.push(`${where(o)}: ${(err as Error).message}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('no object has a field the API does not know (strict field validation)', () => {
    // Each object as an object literal typed by its kubernetes-models interface: TypeScript's
    // excess-property check finds unknown fields at any depth; its type check, wrong shapes.
    const virtual = join(ROOT, 'tests/deploy/__manifests__.ts');
    const lines: string[] = [];
    const owners: string[] = [];
    objects.forEach((o, i) => {
      const { apiVersion, kind } = o.object;
      const text = `export const o${i}: import('kubernetes-models/${apiVersion}/${kind}').I${kind} = ${JSON.stringify(o.object)};`;
      lines.push(text);
      owners.push(where(o));
    });
    const options: ts.CompilerOptions = {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      types: [],
    };
    const host = ts.createCompilerHost(options);
    const source = lines.join('\n');
    const getSourceFile = host.getSourceFile.bind(host);
    host.getSourceFile = (file, version, ...rest) =>
      file === virtual ? ts.createSourceFile(file, source, version) : getSourceFile(file, version, ...rest);
    const fileExists = host.fileExists.bind(host);
    host.fileExists = (file) => file === virtual || fileExists(file);
    const program = ts.createProgram([virtual], options, host);
    const sf = program.getSourceFile(virtual) as ts.SourceFile;
    const problems = [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)].map(
      (d) => {
        const line = d.start === undefined ? 0 : sf.getLineAndCharacterOfPosition(d.start).line;
        return `${owners[line] ?? '?'}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
      },
    );
    expect(problems).toEqual([]);
  });

  it('names, selectors and ports resolve within the base', () => {
    const problems: string[] = [];
    const labelsMatch = (selector: Record<string, string>, labels: Record<string, string>) =>
      Object.entries(selector).every(([k, v]) => labels[k] === v);
    for (const w of workloads) {
      const pod = w.spec.template.spec;
      const name = `${w.kind}/${w.metadata.name}`;
      if (!labelsMatch(w.spec.selector.matchLabels, w.spec.template.metadata.labels))
        problems.push(`${name}: its selector does not select its own pods`);
      for (const other of workloads)
        if (other !== w && labelsMatch(w.spec.selector.matchLabels, other.spec.template.metadata.labels))
          problems.push(`${name}: its selector also selects ${other.kind}/${other.metadata.name}'s pods`);
      for (const v of pod.volumes ?? []) {
        if (v.configMap && !find('ConfigMap', v.configMap.name))
          problems.push(`${name}: no ConfigMap ${v.configMap.name}`);
        if (v.secret && !find('Secret', v.secret.secretName))
          problems.push(`${name}: no Secret ${v.secret.secretName}`);
      }
      for (const c of pod.containers) {
        for (const m of c.volumeMounts ?? [])
          if (!pod.volumes?.some((v) => v.name === m.name))
            problems.push(`${name}/${c.name}: no volume ${m.name}`);
        for (const from of c.envFrom ?? []) {
          if (from.configMapRef && !find('ConfigMap', from.configMapRef.name))
            problems.push(`${name}/${c.name}: no ConfigMap ${from.configMapRef.name}`);
          if (from.secretRef && !find('Secret', from.secretRef.name))
            problems.push(`${name}/${c.name}: no Secret ${from.secretRef.name}`);
        }
        for (const e of c.env ?? []) {
          const ref = e.valueFrom?.secretKeyRef ?? e.valueFrom?.configMapKeyRef;
          const kind = e.valueFrom?.secretKeyRef ? 'Secret' : 'ConfigMap';
          if (ref && !(find(kind, ref.name) && ref.key in dataOf(kind, ref.name)))
            problems.push(
              `${name}/${c.name}: ${e.name} names ${kind} ${ref.name} key ${ref.key}, which is not there`,
            );
        }
      }
    }
    type Service = K8sObject & {
      spec: {
        selector: Record<string, string>;
        ports: { port: number; name?: string; targetPort?: string | number }[];
      };
    };
    for (const s of ofKind<Service>('Service')) {
      const targets = workloads.filter((w) => labelsMatch(s.spec.selector, w.spec.template.metadata.labels));
      if (targets.length !== 1)
        problems.push(`Service/${s.metadata.name} selects ${targets.length} workloads`);
      for (const p of s.spec.ports) {
        const named = targets[0]?.spec.template.spec.containers.flatMap((c) => c.ports ?? []) ?? [];
        if (typeof p.targetPort === 'string' && !named.some((cp) => cp.name === p.targetPort))
          problems.push(`Service/${s.metadata.name}: no container port named ${p.targetPort}`);
      }
    }
    type Selecting = K8sObject & {
      spec: {
        selector?: { matchLabels: Record<string, string> };
        podSelector?: { matchLabels: Record<string, string> };
      };
    };
    for (const o of [...ofKind<Selecting>('PodDisruptionBudget'), ...ofKind<Selecting>('NetworkPolicy')]) {
      const selector = o.spec.selector ?? o.spec.podSelector;
      if (
        !selector ||
        !workloads.some((w) => labelsMatch(selector.matchLabels, w.spec.template.metadata.labels))
      )
        problems.push(`${o.kind}/${o.metadata.name} selects no pod of the base`);
    }
    type Hpa = K8sObject & { spec: { scaleTargetRef: { kind: string; name: string } } };
    for (const h of ofKind<Hpa>('HorizontalPodAutoscaler'))
      if (!find(h.spec.scaleTargetRef.kind, h.spec.scaleTargetRef.name))
        problems.push(
          `HorizontalPodAutoscaler/${h.metadata.name}: no ${h.spec.scaleTargetRef.kind} ${h.spec.scaleTargetRef.name}`,
        );
    type Ingress = K8sObject & {
      spec: {
        rules: {
          http: {
            paths: { backend: { service: { name: string; port: { name?: string; number?: number } } } }[];
          };
        }[];
      };
    };
    for (const ing of ofKind<Ingress>('Ingress'))
      for (const path of ing.spec.rules.flatMap((r) => r.http.paths)) {
        const { name, port } = path.backend.service;
        const svc = find('Service', name) as Service | undefined;
        if (!svc?.spec.ports.some((p) => (port.name ? p.name === port.name : p.port === port.number)))
          problems.push(
            `Ingress/${ing.metadata.name}: no Service ${name} with port ${port.name ?? port.number}`,
          );
      }
    type Sts = Workload & { spec: { serviceName: string } };
    for (const s of ofKind<Sts>('StatefulSet'))
      if (!find('Service', s.spec.serviceName))
        problems.push(`StatefulSet/${s.metadata.name}: no Service ${s.spec.serviceName}`);
    expect(problems).toEqual([]);
  });
});

describe("the BFF's pod", () => {
  const pod = bff.spec.template.spec;
  const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');

  it('runs the image as its non-root user, read-only, without capabilities, under seccomp', () => {
    const sc = bffContainer.securityContext ?? {};
    expect(bffContainer.image).toMatch(/^uaa-sso[:@]/);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect({ ...pod.securityContext, ...sc }).toMatchObject({
      runAsNonRoot: true,
      runAsUser: 1000,
      seccompProfile: { type: 'RuntimeDefault' },
    });
    expect(sc).toMatchObject({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ['ALL'] },
    });
    // Every workload of the base, Redis too.
    for (const w of workloads)
      for (const c of w.spec.template.spec.containers)
        expect(c.securityContext, `${w.metadata.name}/${c.name}`).toMatchObject({
          allowPrivilegeEscalation: false,
          readOnlyRootFilesystem: true,
          capabilities: { drop: ['ALL'] },
        });
  });

  it("listens on the image's port, with liveness on /healthz and readiness on /readyz", () => {
    const port = /^ENV .*\bPORT=(\d+)/m.exec(dockerfile)?.[1];
    expect(bffContainer.ports).toEqual([
      expect.objectContaining({ name: 'http', containerPort: Number(port) }),
    ]);
    expect(bffContainer.livenessProbe?.httpGet).toEqual({ path: '/healthz', port: 'http' });
    expect(bffContainer.readinessProbe?.httpGet).toEqual({ path: '/readyz', port: 'http' });
    expect(bffContainer.startupProbe?.httpGet?.path).toBe('/healthz');
  });

  it("gives the preStop and the BFF's drain time before SIGKILL", () => {
    const graceMs = /const SHUTDOWN_GRACE_MS = ([\d_]+);/.exec(
      readFileSync(join(ROOT, 'bff/main.ts'), 'utf8'),
    )?.[1];
    expect(graceMs).toBeDefined();
    const drainS = Number(graceMs?.replaceAll('_', '')) / 1000;
    const preStop = bffContainer.lifecycle?.preStop;
    const command = preStop?.exec?.command ?? [];
    const sleepS = preStop?.sleep?.seconds ?? (command[0]?.endsWith('sleep') ? Number(command[1]) : NaN);
    expect(sleepS).toBeGreaterThanOrEqual(3);
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(sleepS + drainS);
  });

  it('has the memory of "Sizing", twice the heap the image allows', () => {
    const heapMb = Number(/--max-old-space-size=(\d+)/.exec(dockerfile)?.[1]);
    const mi = (q: string | undefined) => Number(/^(\d+)Mi$/.exec(q ?? '')?.[1]);
    expect(mi(bffContainer.resources?.limits?.memory)).toBe(384);
    expect(mi(bffContainer.resources?.requests?.memory)).toBe(384);
    expect(mi(bffContainer.resources?.limits?.memory)).toBeGreaterThanOrEqual(2 * heapMb);
    expect(bffContainer.resources?.requests?.cpu).toBeDefined();
  });

  it('mounts its ConfigMaps whole (a subPath mount never sees an update)', () => {
    for (const w of workloads)
      for (const c of w.spec.template.spec.containers)
        for (const m of c.volumeMounts ?? [])
          expect(m.subPath, `${w.metadata.name}/${c.name} ${m.name}`).toBeUndefined();
    const rulesFile = bffEnvironment().RATE_LIMITS_FILE ?? '';
    const mount = bffContainer.volumeMounts?.find((m) => rulesFile.startsWith(`${m.mountPath}/`));
    const volume = pod.volumes?.find((v) => v.name === mount?.name);
    expect(volume?.configMap?.name).toBe('uaa-sso-rate-limits');
    // The rules' ConfigMap keeps its name, so an update reaches the running pods (the BFF's
    // watch); the others carry a hash, so a change rolls the Deployment.
    expect(hashedNames).not.toContain('uaa-sso-rate-limits');
    expect(hashedNames).toEqual(
      expect.arrayContaining(['uaa-sso-config', 'uaa-sso-links', 'uaa-sso-secrets']),
    );
  });

  it("keeps two replicas through a drain: the autoscaler's minimum and the disruption budget", () => {
    const hpa = find('HorizontalPodAutoscaler', 'uaa-sso') as K8sObject & {
      spec: { minReplicas: number; maxReplicas: number };
    };
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
    expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
    const pdb = find('PodDisruptionBudget', 'uaa-sso') as K8sObject & {
      spec: { maxUnavailable?: number; minAvailable?: number };
    };
    expect(pdb.spec.maxUnavailable ?? hpa.spec.minReplicas - (pdb.spec.minAvailable ?? 0)).toBe(1);
    // With the autoscaler, a replica count in the Deployment would be reset on every apply.
    expect((bff.spec as { replicas?: number }).replicas).toBeUndefined();
  });
});

describe("the BFF's environment against bff/config.ts", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'uaa-sso-manifests-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("sets only variables of bff/config.ts's schema", () => {
    const known = new Set([...CONFIG_VARIABLES, ...NODE_VARIABLES]);
    expect(CONFIG_VARIABLES).toContain('RATE_LIMITS_FILE');
    const unknown = Object.keys(bffEnvironment()).filter((name) => !known.has(name));
    expect(unknown, 'variables the BFF does not read').toEqual([]);
  });

  /** The environment with the mounted ConfigMaps' files written under `dir`, paths rewritten. */
  function environmentWithFiles(): Record<string, string> {
    const env = bffEnvironment();
    for (const m of bffContainer.volumeMounts ?? []) {
      const volume = bff.spec.template.spec.volumes?.find((v) => v.name === m.name);
      if (!volume?.configMap) continue;
      const target = join(dir, m.mountPath);
      mkdirSync(target, { recursive: true });
      for (const [key, text] of Object.entries(dataOf('ConfigMap', volume.configMap.name)))
        writeFileSync(join(target, key), text);
      for (const [name, value] of Object.entries(env))
        if (value.startsWith(`${m.mountPath}/`)) env[name] = join(dir, value);
    }
    return env;
  }

  /** The variables the BFF's pod takes from Secrets: the whole of envFrom's, and env's keys. */
  function secretVariables(): string[] {
    const fromSecrets = (bffContainer.envFrom ?? []).flatMap((from) =>
      from.secretRef ? Object.keys(dataOf('Secret', from.secretRef.name)) : [],
    );
    const named = (bffContainer.env ?? []).filter((e) => e.valueFrom?.secretKeyRef).map((e) => e.name);
    return [...fromSecrets, ...named].sort();
  }

  it("is refused by the BFF's check only for the Secrets' placeholders", () => {
    const result = parseConfig(environmentWithFiles());
    expect(result.ok).toBe(false);
    const refused = new Set(result.ok ? [] : result.errors.map((line) => line.split(/[:=]/)[0]));
    expect(secretVariables()).toContain('REDIS_PASSWORD');
    expect([...refused].sort()).toEqual(secretVariables());
  });

  it('is taken once the secrets are real: production, the built-in rules, the links file', () => {
    const env = {
      ...environmentWithFiles(),
      RATE_LIMIT_HASH_KEY: 'a'.repeat(32),
      SECURITY_LOG_HASH_KEY: 'b'.repeat(32),
      METRICS_TOKEN: 'c'.repeat(32),
      REDIS_PASSWORD: 'd'.repeat(32),
    };
    const result = parseConfig(env);
    expect(result.ok ? [] : result.errors).toEqual([]);
    if (!result.ok) return;
    expect(result.config.appEnv).toBe('production');
    expect(result.config.cookieName).toBe('__Host-uaa-token');
    expect(result.config.captcha.provider).toBe('aliyun');
    expect(result.config.rateLimitsFile).toBeDefined();
    // rate-limits.json is the built-in defaults, as kustomization.yaml says.
    expect(result.config.rateLimitRules).toEqual(DEFAULT_RULES);
    expect(result.config.links.production.home).toMatch(/^https:\/\//);
  });

  it("reaches the base's Redis through its sentinels, as the user its nodes define", () => {
    const parsed = parseConfig({
      ...environmentWithFiles(),
      RATE_LIMIT_HASH_KEY: 'a'.repeat(32),
      SECURITY_LOG_HASH_KEY: 'b'.repeat(32),
      METRICS_TOKEN: 'c'.repeat(32),
      REDIS_PASSWORD: 'd'.repeat(32),
    });
    const redis = parsed.ok ? parsed.config.redis : undefined;
    if (redis?.mode !== 'sentinel') throw new Error(`not Sentinel: ${JSON.stringify(redis)}`);
    type Pods = Workload & { spec: { replicas: number; serviceName: string } };
    const sentinels = find('StatefulSet', 'uaa-sso-redis-sentinel') as Pods;
    const nodes = find('StatefulSet', 'uaa-sso-redis') as Pods;
    // Every sentinel pod by its stable name under the headless Service, on the sentinel port.
    const service = find('Service', sentinels.spec.serviceName) as K8sObject & {
      spec: { clusterIP?: string; ports: { port: number }[] };
    };
    expect(service.spec.clusterIP).toBe('None');
    expect(redis.sentinels).toEqual(
      Array.from({ length: sentinels.spec.replicas }, (_, i) => ({
        host: `${sentinels.metadata.name}-${i}.${sentinels.spec.serviceName}`,
        port: service.spec.ports[0]!.port,
      })),
    );
    expect(sentinels.spec.replicas).toBeGreaterThanOrEqual(3);
    expect(nodes.spec.replicas).toBeGreaterThanOrEqual(2);
    // The master name the sentinels monitor, and the ACL user the nodes create for the BFF.
    const script = (w: Workload) =>
      (w.spec.template.spec.containers[0] as { args?: string[] }).args?.join('\n') ?? '';
    expect(script(sentinels)).toMatch(new RegExp(`sentinel monitor ${redis.name} \\S+ \\d+ 2$`, 'm'));
    expect(script(nodes)).toContain(`--user ${redis.auth?.username} on`);
  });
});

describe("the Ingress against nginx.conf's rules", () => {
  const nginx = readFileSync(join(ROOT, 'nginx.conf'), 'utf8');
  const directive = (name: string) => new RegExp(`^\\s*${name} (\\S+);`, 'm').exec(nginx)?.[1];
  const ingress = find('Ingress', 'uaa-sso') as K8sObject & {
    metadata: { annotations: Record<string, string> };
    spec: { tls?: { hosts: string[]; secretName: string }[]; rules: { host: string }[] };
  };
  const annotation = (name: string) => ingress.metadata.annotations[`nginx.ingress.kubernetes.io/${name}`];
  const seconds = (v: string | undefined) => Number(/^(\d+)s?$/.exec(v ?? '')?.[1]);

  it('has its body size, timeouts and retries', () => {
    expect(annotation('proxy-body-size')).toBe(directive('client_max_body_size'));
    expect(seconds(annotation('proxy-connect-timeout'))).toBe(seconds(directive('proxy_connect_timeout')));
    expect(seconds(annotation('proxy-read-timeout'))).toBe(seconds(directive('proxy_read_timeout')));
    expect(seconds(annotation('proxy-send-timeout'))).toBe(seconds(directive('proxy_send_timeout')));
    expect(annotation('proxy-next-upstream')).toBe(/^\s*proxy_next_upstream ([^;]+);/m.exec(nginx)?.[1]);
    expect(annotation('proxy-next-upstream-tries')).toBe(directive('proxy_next_upstream_tries'));
    expect(seconds(annotation('proxy-next-upstream-timeout'))).toBe(
      seconds(directive('proxy_next_upstream_timeout')),
    );
    expect(annotation('proxy-buffering')).toBe(directive('proxy_buffering'));
  });

  // nginx.conf's `location /`: the request id it sets itself, the trace context it clears.
  const setByNginx = new Map(
    [...nginx.matchAll(/^\s*proxy_set_header (\S+) (\S+);/gm)].map(([, name, value]) => [
      name!.toLowerCase(),
      value!,
    ]),
  );

  it("takes no request id or trace context from the controller, which passes a browser's X-Request-ID on", async () => {
    // ingress-nginx: `map $http_x_request_id $req_id { default $http_x_request_id; ... }`, and no
    // Ingress annotation but a snippet (refused by default) can change it.
    expect(setByNginx.get('x-request-id')).toBe('$request_id');
    const parsed = parseConfig({ TRUST_PROXY_HEADERS: bffEnvironment().TRUST_PROXY_HEADERS });
    expect(parsed.ok && parsed.config.trustProxyHeaders).toEqual([]);
    if (!parsed.ok) return;
    // The BFF's server with the base's setting; a loopback peer stands for the controller's pod,
    // which TRUST_PROXY (uniquelocal) trusts.
    const app = express().set('trust proxy', 'loopback');
    app.get('/x', (req, res) => {
      res.json(Object.fromEntries(PROXY_ONLY_HEADERS.map((name) => [name, req.headers[name]])));
    });
    const server = createAppServer(app, {}, parsed.config.trustProxyHeaders);
    try {
      const browsers = {
        'x-request-id': 'victim-request-1',
        traceparent: `00-${'4'.repeat(32)}-${'5'.repeat(16)}-01`,
        tracestate: 'vendor=1',
        baggage: 'user=someone',
      };
      const seen = await (await fetch(`${await listen(server)}/x`, { headers: browsers })).json();
      expect(seen).toEqual({});
    } finally {
      await shut(server);
    }
  });

  it("gives the controller what clears a browser's trace context, as nginx.conf does", () => {
    const cleared = PROXY_ONLY_HEADERS.filter((name) => setByNginx.get(name) === '""');
    expect(cleared).toEqual(['traceparent', 'tracestate', 'baggage']);
    // The controller's `proxy-set-headers` names it: its name carries no hash, and ingress.yaml
    // says which key of the controller's ConfigMap takes it.
    expect(hashedNames).not.toContain('uaa-sso-proxy-headers');
    expect(dataOf('ConfigMap', 'uaa-sso-proxy-headers')).toEqual(
      Object.fromEntries(cleared.map((name) => [name, ''])),
    );
    expect(readFileSync(join(BASE, 'ingress.yaml'), 'utf8')).toMatch(
      /proxy-set-headers: "<namespace>\/uaa-sso-proxy-headers"/,
    );
  });

  it('speaks TLS for its host, the one PUBLIC_ORIGIN names', () => {
    expect(annotation('force-ssl-redirect')).toBe('true');
    const host = new URL(bffEnvironment().PUBLIC_ORIGIN ?? '').host;
    expect(ingress.spec.rules.map((r) => r.host)).toEqual([host]);
    expect(ingress.spec.tls?.[0]?.hosts).toEqual([host]);
  });
});

// --- metrics -------------------------------------------------------------------------------

/** Every series name the BFF exports, with the labels each may carry. */
async function exportedSeries(): Promise<Map<string, Set<string>>> {
  const allowlist = { ageSeconds: () => 1 } as unknown as AllowlistSource;
  const renderHost = { observe: () => undefined, queueLength: () => 0 };
  const { registry } = createMetrics({
    allowlist,
    rateLimitStoreUp: () => true,
    rateLimitsHeld: () => 0,
    renderHost,
  });
  const series = new Map<string, Set<string>>();
  for (const { name, type } of await registry.getMetricsAsJSON()) {
    const metric = registry.getSingleMetric(name) as unknown as { labelNames?: string[] };
    const labels = new Set(metric.labelNames ?? []);
    if (String(type) === 'histogram') {
      series.set(`${name}_bucket`, new Set([...labels, 'le']));
      series.set(`${name}_sum`, labels);
      series.set(`${name}_count`, labels);
    } else series.set(name, labels);
  }
  return series;
}

/** Problems of a PromQL expression: bff_ series the BFF does not export, labels they lack. */
function checkQuery(expr: string, series: Map<string, Set<string>>): string[] {
  const problems: string[] = [];
  const names = [...new Set(expr.match(/\bbff_[A-Za-z0-9_]+/g) ?? [])];
  for (const name of names) if (!series.has(name)) problems.push(`${name} is not a metric of the BFF`);
  for (const [, name, matchers] of expr.matchAll(/\b(bff_[A-Za-z0-9_]+)\s*\{([^}]*)\}/g)) {
    for (const [, label] of (matchers ?? '').matchAll(/([A-Za-z_][A-Za-z0-9_]*)\s*(?:=~|!~|!=|=)/g))
      if (!TARGET_LABELS.has(label as string) && !series.get(name as string)?.has(label as string))
        problems.push(`${name} has no label ${label}`);
  }
  const known = new Set([...TARGET_LABELS, ...names.flatMap((n) => [...(series.get(n) ?? [])])]);
  for (const [, list] of expr.matchAll(/\b(?:by|without)\s*\(([^)]*)\)/g))
    for (const label of (list ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean))
      if (!known.has(label)) problems.push(`no series here has the label ${label} (by/without)`);
  return problems;
}

type Panel = { title?: string; panels?: Panel[]; targets?: { expr?: string }[] };
type Dashboard = {
  schemaVersion: number;
  uid: string;
  title: string;
  panels: Panel[];
  templating: { list: { name: string; query?: string | { query: string }; definition?: string }[] };
};

const promtool = spawnSync('promtool', ['--version']).status === 0;

describe('the Grafana dashboard', () => {
  const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as Dashboard;
  const panels = dashboard.panels.flatMap((p) => [p, ...(p.panels ?? [])]);
  const queries = [
    ...panels.flatMap((p) => (p.targets ?? []).map((t) => ({ where: p.title ?? '?', expr: t.expr ?? '' }))),
    ...dashboard.templating.list
      .filter((v) => v.definition)
      .map((v) => ({ where: `variable ${v.name}`, expr: v.definition as string })),
  ];

  it('is a dashboard model Grafana imports', () => {
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(36);
    expect(dashboard.uid).toMatch(/^[a-zA-Z0-9_-]{1,40}$/);
    const ids = panels.map((p) => (p as { id: number }).id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(queries.length).toBeGreaterThan(15);
  });

  it('names only metrics and labels the BFF exports, and shows each of its own', async () => {
    const series = await exportedSeries();
    const problems = queries.flatMap((q) => checkQuery(q.expr, series).map((p) => `${q.where}: ${p}`));
    expect(problems).toEqual([]);
    const shown = queries.map((q) => q.expr).join('\n');
    for (const own of [
      'bff_http_requests_total',
      'bff_upstream_duration_seconds_bucket',
      'bff_upstream_calls_total',
      'bff_rate_limit_refusals_total',
      'bff_code_sends_total',
      'bff_allowlist_age_seconds',
      'bff_rate_limit_store_up',
      'bff_http_server_request_duration_seconds_bucket',
      'bff_render_total',
      'bff_render_duration_seconds_bucket',
      'bff_render_host_restarts_total',
      'bff_render_queue_length',
    ])
      expect(shown).toContain(own);
  });

  it.skipIf(!promtool)("has queries that parse as PromQL (promtool, Grafana's variables filled in)", () => {
    const exprs = queries.map((q) =>
      q.expr
        .replace(/^label_values\((.*),\s*\w+\)$/, '$1')
        .replaceAll('$__rate_interval', '5m')
        .replace(/\$\w+/g, '.*'),
    );
    const file = join(mkdtempSync(join(tmpdir(), 'uaa-sso-dashboard-')), 'queries.yaml');
    const rules = {
      groups: [
        { name: 'dashboard', rules: exprs.map((expr, i) => ({ record: `dashboard:query_${i}`, expr })) },
      ],
    };
    writeFileSync(file, stringifyYaml(rules));
    const run = spawnSync('promtool', ['check', 'rules', file], { encoding: 'utf8' });
    rmSync(dirname(file), { recursive: true, force: true });
    expect(run.stdout + run.stderr).toContain('SUCCESS');
    expect(run.status).toBe(0);
  });
});

describe('the alert rules', () => {
  const doc = parseYaml(readFileSync(ALERTS, 'utf8')) as {
    groups: { name: string; rules: { alert?: string; expr: string; labels?: Record<string, string> }[] }[];
  };
  const rules = doc.groups.flatMap((g) => g.rules);

  it('name only metrics and labels the BFF exports (and up, kube-state-metrics)', async () => {
    const series = await exportedSeries();
    const problems = rules.flatMap((r) => checkQuery(r.expr, series).map((p) => `${r.alert}: ${p}`));
    for (const r of rules)
      for (const [name] of r.expr.matchAll(/\b(?:up|kube_[a-z_]+)(?=\s*[{\s)=<>!]|$)/g))
        if (!EXTERNAL_METRICS.has(name))
          problems.push(`${r.alert}: ${name} is neither the BFF's nor a known series`);
    expect(problems).toEqual([]);
  });

  it('cover what docs/operations.md says to watch, each with a severity', () => {
    const exprs = rules.map((r) => r.expr).join('\n');
    for (const watched of [
      'bff_allowlist_age_seconds',
      'bff_rate_limit_store_up',
      'bff_code_sends_total',
      'bff_rate_limit_refusals_total',
      'bff_http_server_request_duration_seconds_bucket',
      'bff_render_host_restarts_total',
      'bff_render_total',
    ])
      expect(exprs).toContain(watched);
    expect(exprs).toMatch(/bff_http_requests_total\{status=~"5\.\."/);
    for (const r of rules) expect(['critical', 'warning', 'info'], r.alert).toContain(r.labels?.severity);
  });
});

// --- kustomize itself, where installed -------------------------------------------------------

function kustomizeCommand(): string[] | undefined {
  if (spawnSync('kustomize', ['version']).status === 0) return ['kustomize', 'build'];
  if (spawnSync('kubectl', ['version', '--client']).status === 0) return ['kubectl', 'kustomize'];
  return undefined;
}
const kustomize = kustomizeCommand();

describe.skipIf(!kustomize)(`${kustomize?.join(' ') ?? 'kustomize'} (installed here)`, () => {
  it("renders the base to this loader's objects, generated names hashed", () => {
    const [cmd, ...args] = kustomize as [string, ...string[]];
    const run = spawnSync(cmd, [...args, BASE], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    const rendered = parseAllDocuments(run.stdout, { version: '1.1' }).map((d) => d.toJS() as K8sObject);
    // Strip the hash suffixes, which kustomize also writes into every reference.
    const hashed = new RegExp(`^(${hashedNames.join('|')})-[a-z0-9]{10}$`);
    const unhash = (v: unknown): unknown =>
      typeof v === 'string'
        ? v.replace(hashed, '$1')
        : Array.isArray(v)
          ? v.map(unhash)
          : v && typeof v === 'object'
            ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, unhash(x)]))
            : v;
    // Only the generated ConfigMaps and Secrets carry a hash (uaa-sso-redis-sentinel is no hashed uaa-sso-redis).
    for (const o of rendered)
      if (
        ['ConfigMap', 'Secret'].includes(o.kind) &&
        hashedNames.some((n) => o.metadata.name.startsWith(`${n}-`))
      )
        expect(o.metadata.name).toMatch(hashed);
    const key = (o: K8sObject) => `${o.kind}/${o.metadata.name}`;
    const sort = (list: K8sObject[]) => [...list].sort((a, b) => key(a).localeCompare(key(b)));
    expect(sort(rendered.map((o) => unhash(o) as K8sObject))).toEqual(sort(all));
  });
});

// Keep the loader honest about the files it reads: every YAML file of the base is a resource.
it('every YAML file of deploy/kubernetes is listed in kustomization.yaml', () => {
  const listed = new Set(objects.map((o) => o.source));
  const files = readdirSync(BASE).filter((f) => /\.ya?ml$/.test(f));
  for (const f of files) if (f !== 'kustomization.yaml') expect(listed, f).toContain(f);
  expect(readYamlDocuments(join(BASE, 'kustomization.yaml'))).toHaveLength(1);
});
