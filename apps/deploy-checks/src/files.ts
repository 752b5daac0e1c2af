import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { BarmanObjectStoreConfiguration } from '@kubernetes-models/cloudnative-pg/github.com/cloudnative-pg/barman-cloud/pkg/api';
import { Cluster, ScheduledBackup } from '@kubernetes-models/cloudnative-pg/postgresql.cnpg.io/v1';
import { Certificate, ClusterIssuer } from '@kubernetes-models/cert-manager/cert-manager.io/v1';
import { HTTPRoute } from '@kubernetes-models/gateway-api/gateway.networking.k8s.io/v1';
import { ReferenceGrant } from '@kubernetes-models/gateway-api/gateway.networking.k8s.io/v1beta1';
import { ScaledObject, TriggerAuthentication } from '@kubernetes-models/keda/keda.sh/v1alpha1';
import {
  PodMonitor,
  PrometheusRule,
  ServiceMonitor,
} from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1';

export const ROOT = resolve(__dirname, '../../..');
export const read = (path: string) => readFileSync(resolve(ROOT, path), 'utf8');

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  spec?: Record<string, unknown>;
  [key: string]: unknown;
}

/** An object whose spec a check reads loosely: validate() checks its schema. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = K8sObject & { spec: any; data?: Record<string, string> };

/**
 * What renders the overlays: `$KUSTOMIZE build` when set (.ci/run sets it where kubectl is missing, or is Debian's
 * 1.20 whose kustomize v2 cannot render these overlays), else `kubectl kustomize`, as the deployment page's install runs it.
 */
const kustomize: [string, string[]] = process.env.KUSTOMIZE
  ? [process.env.KUSTOMIZE, ['build']]
  : ['kubectl', ['kustomize']];

/** The overlay rendered by kustomize, parsed; from another copy of k8s/ when `k8s` names one. */
export function render(overlay: string, k8s = resolve(ROOT, 'k8s')): K8sObject[] {
  const [cmd, args] = kustomize;
  const out = execFileSync(cmd, [...args, resolve(k8s, 'overlays', overlay)], { encoding: 'utf8' });
  return parseAllDocuments(out).map((d) => d.toJS() as K8sObject);
}

const requireModel = createRequire(__filename);

type Validatable = new (o: never) => { validate(): void };
/** The custom resources the manifests use, with the schemas their projects publish (@kubernetes-models/*). */
const CUSTOM_KINDS: Record<string, Validatable> = {
  'postgresql.cnpg.io/v1/Cluster': Cluster,
  'postgresql.cnpg.io/v1/ScheduledBackup': ScheduledBackup,
  'monitoring.coreos.com/v1/ServiceMonitor': ServiceMonitor,
  'monitoring.coreos.com/v1/PodMonitor': PodMonitor,
  'monitoring.coreos.com/v1/PrometheusRule': PrometheusRule,
  'gateway.networking.k8s.io/v1/HTTPRoute': HTTPRoute,
  'cert-manager.io/v1/ClusterIssuer': ClusterIssuer,
  'cert-manager.io/v1/Certificate': Certificate,
  'gateway.networking.k8s.io/v1beta1/ReferenceGrant': ReferenceGrant,
  'keda.sh/v1alpha1/ScaledObject': ScaledObject,
  'keda.sh/v1alpha1/TriggerAuthentication': TriggerAuthentication,
};

/**
 * The Barman Cloud plugin's ObjectStore has no published model: its `configuration` is the in-tree
 * BarmanObjectStoreConfiguration (the plugin's own documentation says so), checked with that schema.
 */
function validateObjectStore(object: K8sObject): void {
  const { configuration, retentionPolicy, ...rest } = object.spec as Record<string, unknown>;
  if (Object.keys(rest).length)
    throw new Error(`unknown ObjectStore fields: ${Object.keys(rest).join(', ')}`);
  if (retentionPolicy !== undefined && !/^[1-9][0-9]*[dwm]$/.test(String(retentionPolicy)))
    throw new Error(`retentionPolicy ${String(retentionPolicy)} is not like 30d, 4w or 3m`);
  new BarmanObjectStoreConfiguration(configuration as never).validate();
}

/** Checks an object against the Kubernetes OpenAPI schema of its kind (kubernetes-models); throws what is wrong. */
export function validate(object: K8sObject): void {
  const custom = CUSTOM_KINDS[`${object.apiVersion}/${object.kind}`];
  if (custom) return new custom(object as never).validate();
  if (`${object.apiVersion}/${object.kind}` === 'barmancloud.cnpg.io/v1/ObjectStore')
    return validateObjectStore(object);
  // kustomize wraps long base64 values over lines, which the API server's decoder ignores; so does this check.
  if (object.kind === 'Secret' && object.data)
    object = {
      ...object,
      data: Object.fromEntries(
        Object.entries(object.data as Record<string, string>).map(([k, v]) => [k, v.replace(/\s/g, '')]),
      ),
    };
  const Model = requireModel(`kubernetes-models/${object.apiVersion}/${object.kind}`)[object.kind] as new (
    o: K8sObject,
  ) => { validate(): void };
  new Model(object).validate();
}

/** The compose command this machine has: the v2 plugin, else docker-compose v1. */
export function composeConfig(file: string): { status: number | null; stdout: string; stderr: string } {
  const env = { ...process.env, JWT_SECRET: 'a-test-secret-of-at-least-32-characters' };
  const plugin = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' });
  const [cmd, args] =
    plugin.status === 0
      ? ['docker', ['compose', '-f', file, 'config']]
      : ['docker-compose', ['-f', file, 'config']];
  const run = spawnSync(cmd, args as string[], { encoding: 'utf8', env, cwd: ROOT });
  return {
    status: run.status,
    stdout: run.stdout ?? '',
    stderr: run.error ? String(run.error) : (run.stderr ?? ''),
  };
}
