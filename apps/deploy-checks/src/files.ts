import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { parseAllDocuments } from 'yaml';

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

/**
 * What renders the overlays: `$KUSTOMIZE build` when set (.ci/run sets it where kubectl is missing, or is Debian's
 * 1.20 whose kustomize v2 cannot render these overlays), else `kubectl kustomize`, as the README's install runs it.
 */
const kustomize: [string, string[]] = process.env.KUSTOMIZE
  ? [process.env.KUSTOMIZE, ['build']]
  : ['kubectl', ['kustomize']];

/** The overlay rendered by kustomize, parsed. */
export function render(overlay: string): K8sObject[] {
  const [cmd, args] = kustomize;
  const out = execFileSync(cmd, [...args, resolve(ROOT, 'k8s/overlays', overlay)], { encoding: 'utf8' });
  return parseAllDocuments(out).map((d) => d.toJS() as K8sObject);
}

const requireModel = createRequire(__filename);

/** Checks an object against the Kubernetes OpenAPI schema of its kind (kubernetes-models); throws what is wrong. */
export function validate(object: K8sObject): void {
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
