/** docs/operations/scaling.md#workers-that-scale-on-their-queue: the prod-keda overlay, workers scaled by KEDA on the stage lists. */
import { describe, expect, it } from 'vitest';
import { read, render, validate, type Loose } from './files';

describe('the prod-keda overlay (workers scaled on the stage queue)', () => {
  const objects = render('prod-keda');
  const one = (kind: string, name: string) =>
    objects.find((o) => o.kind === kind && o.metadata.name === name) as Loose;
  const config = objects.find(
    (o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('think-tank-config'),
  )!.data as Record<string, string>;
  const scaled = one('ScaledObject', 'think-tank-worker');

  it('renders objects that all pass their schemas, KEDA’s included', () => {
    for (const o of objects) expect(() => validate(o), `${o.kind}/${o.metadata.name}`).not.toThrow();
    // The check has teeth: a wrong field or type is refused.
    expect(() => validate({ ...scaled, spec: { ...scaled.spec, minReplicaCount: 'one' } })).toThrow();
  });

  it('replaces the worker’s CPU autoscaler, and keeps the API’s', () => {
    const hpas = objects.filter((o) => o.kind === 'HorizontalPodAutoscaler').map((o) => o.metadata.name);
    expect(hpas).toEqual(['think-tank-api']);
    expect(scaled.spec.scaleTargetRef.name).toBe('think-tank-worker');
    expect(objects.some((o) => o.kind === 'Deployment' && o.metadata.name === 'think-tank-worker')).toBe(
      true,
    );
    // One worker always: it also sends the mail and runs billing's schedules.
    expect(scaled.spec.minReplicaCount).toBeGreaterThanOrEqual(1);
  });

  it('scales on one sum, waiting and running stages, a worker’s worth (WORKER_CONCURRENCY) per replica', () => {
    const triggers = scaled.spec.triggers as { type: string; metadata: Record<string, string> }[];
    // One trigger: of several, KEDA takes the larger, never the sum.
    expect(triggers.map((t) => t.type)).toEqual(['prometheus']);
    const { query, threshold, serverAddress, ignoreNullValues } = triggers[0].metadata;
    expect(query).toBe('sum(queue_jobs{app="think-tank", queue="demand-stages", state=~"waiting|active"})');
    expect(threshold).toBe(config.WORKER_CONCURRENCY);
    expect(Number(config.WORKER_CONCURRENCY)).toBeLessThan(Number(config.DB_POOL_MAX));
    expect(serverAddress).toMatch(/^http:\/\/prometheus-operated\.monitoring\.svc:9090$/);
    // No answer is a failure, which the fallback covers, not zero stages.
    expect(ignoreNullValues).toBe('false');
    expect(scaled.spec.fallback).toEqual({ failureThreshold: 3, replicas: 2 });
    // The series it reads is scraped in this overlay, labelled app="think-tank".
    expect(objects.some((o) => o.kind === 'ServiceMonitor' && o.metadata.name === 'think-tank-api')).toBe(
      true,
    );
  });

  it('keeps the connections at the scalers’ maximums within the deployment page’s budget of 180', () => {
    const api = one('HorizontalPodAutoscaler', 'think-tank-api').spec.maxReplicas as number;
    expect(Number(config.DB_POOL_MAX) * (api + scaled.spec.maxReplicaCount)).toBeLessThanOrEqual(180);
  });

  it('is documented with the Prometheus it asks', () => {
    const readme = read('docs/operations/scaling.md');
    const section = readme.slice(readme.indexOf('## Workers that scale on their queue'));
    expect(section).toContain('kubectl apply -k k8s/overlays/prod-keda');
    expect(section).toContain('prometheus-operated.monitoring.svc');
  });
});
