/** The kustomize overlays as they render, the deployment page's install commands over them, and the secret example. */
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { read, render, validate } from './files';
import { podSpec, readByPods, redisPatched, selected, wave, workloads } from './workloads';

describe.each(['dev', 'prod'])('the %s overlay', (overlay) => {
  const objects = render(overlay);
  const named = (kind: string, name: string) =>
    objects.find((o) => o.kind === kind && o.metadata.name === name)!;

  it('renders objects that all pass the Kubernetes schema', () => {
    expect(objects.length).toBeGreaterThanOrEqual(15);
    for (const o of objects) expect(() => validate(o), `${o.kind}/${o.metadata.name}`).not.toThrow();
  });

  it('runs the API on 2+ replicas with probes, resources, restricted pods and a grace period for sockets', () => {
    const api = named('Deployment', 'think-tank-api');
    expect(
      (named('HorizontalPodAutoscaler', 'think-tank-api').spec as { minReplicas: number }).minReplicas,
    ).toBeGreaterThanOrEqual(2);
    for (const d of workloads(objects)) {
      const spec = podSpec(d);
      // The restricted Pod Security profile, which the namespace enforces.
      expect(spec.securityContext?.runAsNonRoot, d.metadata.name).toBe(true);
      expect(spec.securityContext?.seccompProfile, d.metadata.name).toEqual({ type: 'RuntimeDefault' });
      for (const c of spec.containers) {
        expect(c.resources?.requests && c.resources.limits, `${d.metadata.name}/${c.name}`).toBeTruthy();
        expect(c.securityContext, `${d.metadata.name}/${c.name}`).toMatchObject({
          allowPrivilegeEscalation: false,
          capabilities: { drop: ['ALL'] },
        });
      }
    }
    const container = podSpec(api).containers[0];
    // Readiness is local: never the dependency check, which an outage fails on every replica at once.
    expect(container.readinessProbe).toMatchObject({ httpGet: { path: '/ready' } });
    expect(container.livenessProbe).toMatchObject({ httpGet: { path: '/api/health/live' } });
    const worker = podSpec(named('Deployment', 'think-tank-worker')).containers[0];
    expect(worker.readinessProbe).toMatchObject({ httpGet: { path: '/ready', port: 'metrics' } });
    expect(worker.livenessProbe).toMatchObject({ httpGet: { path: '/live', port: 'metrics' } });
    expect(podSpec(api).terminationGracePeriodSeconds).toBeGreaterThanOrEqual(30);
    expect(
      podSpec(named('Deployment', 'think-tank-worker')).terminationGracePeriodSeconds,
    ).toBeGreaterThanOrEqual(60);
  });

  it('has the migration job, autoscalers, disruption budgets and an ingress for WebSockets', () => {
    // Migrations and then the plans while there are none: the command compose-first-up.test.ts runs.
    const compose = parseDocument(read('docker/compose.yml')).toJS() as {
      services: { migrate: { command: string[] } };
    };
    expect(compose.services.migrate.command.join(' ')).toMatch(/cli\.js migrate && .*cli\.js seed --plans$/);
    expect(podSpec(named('Job', 'think-tank-migrate')).containers[0]).toMatchObject({
      command: compose.services.migrate.command,
    });
    expect(named('HorizontalPodAutoscaler', 'think-tank-api')).toBeDefined();
    expect(named('HorizontalPodAutoscaler', 'think-tank-worker')).toBeDefined();
    expect(objects.filter((o) => o.kind === 'PodDisruptionBudget').length).toBeGreaterThanOrEqual(2);
    const ingress = named('Ingress', 'think-tank');
    expect(ingress.metadata).toMatchObject({
      annotations: { 'nginx.ingress.kubernetes.io/proxy-read-timeout': '3600' },
    });
    expect(JSON.stringify(ingress.spec)).toContain('/socket.io');
  });

  it('lets one API pod go at a time and spreads the pods over zones and nodes', () => {
    const budget = named('PodDisruptionBudget', 'think-tank-api').spec as Record<string, unknown>;
    expect(budget).toMatchObject({ maxUnavailable: 1 });
    expect(budget.minAvailable).toBeUndefined();
    const spread = (name: string) =>
      (
        (podSpec(named('Deployment', name)) as { topologySpreadConstraints?: { topologyKey: string }[] })
          .topologySpreadConstraints ?? []
      ).map((c) => c.topologyKey);
    expect(spread('think-tank-api')).toEqual(['topology.kubernetes.io/zone', 'kubernetes.io/hostname']);
    expect(spread('think-tank-web')).toEqual(['topology.kubernetes.io/zone', 'kubernetes.io/hostname']);
    expect(spread('think-tank-worker')).toEqual(['kubernetes.io/hostname']);
  });

  it('sets no replicas where an autoscaler rules, so that an apply keeps what it chose', () => {
    for (const hpa of objects.filter((o) => o.kind === 'HorizontalPodAutoscaler')) {
      const target = (hpa.spec as { scaleTargetRef: { kind: string; name: string } }).scaleTargetRef;
      expect(
        (named(target.kind, target.name).spec as { replicas?: number }).replicas,
        target.name,
      ).toBeUndefined();
    }
  });

  it('keeps the connections of every pod at the autoscalers’ maximums within the deployment page’s budget of 180', () => {
    const config = objects.find(
      (o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('think-tank-config'),
    );
    const pool = Number((config?.data as Record<string, string>).DB_POOL_MAX);
    expect(pool).toBeGreaterThanOrEqual(1);
    const pods = objects
      .filter((o) => o.kind === 'HorizontalPodAutoscaler')
      .reduce((n, hpa) => n + (hpa.spec as { maxReplicas: number }).maxReplicas, 0);
    // Migrations, psql and monitoring need some too; beyond this, docs/operations/deployment.md#on-a-cluster (PgBouncer).
    expect(pool * pods).toBeLessThanOrEqual(180);
  });

  it('names its ConfigMap (and a generated Secret) by a hash of the content, so a change rolls the pods', () => {
    const configs = objects.filter(readByPods);
    expect(configs.length).toBeGreaterThan(0);
    for (const c of configs) expect(c.metadata.name).toMatch(/^think-tank-(config|secrets)-[a-z0-9]{10}$/);
    for (const d of workloads(objects))
      for (const c of podSpec(d).containers)
        for (const from of c.envFrom ?? []) {
          const ref = from.configMapRef ?? from.secretRef;
          expect(
            configs.some((o) => o.metadata.name === ref!.name) || ref!.name === 'think-tank-secrets',
          ).toBe(true);
        }
  });

  it('installs in the deployment page’s order on an empty cluster and again for every release', () => {
    const readme = read('docs/operations/deployment.md');
    const commands = readme.slice(readme.indexOf('**On a cluster**')).split('```')[1];
    const namespace = objects.find((o) => o.kind === 'Namespace')!;
    expect(namespace.metadata.labels).toMatchObject({ 'pod-security.kubernetes.io/enforce': 'restricted' });
    expect(
      objects.every((o) => o.kind === 'Namespace' || o.metadata.namespace === namespace.metadata.name),
    ).toBe(true);
    const steps = [...commands.matchAll(/kubectl apply -k k8s\/overlays\/prod(?: -l '?([^'\n]+)'?)?/g)].map(
      (m) => m[1],
    );
    expect(steps).toEqual([
      'app.kubernetes.io/component=namespace',
      'app.kubernetes.io/component in (config,migrate)',
      undefined,
    ]);
    // Step 1 creates the namespace alone, for the Secret to go in; step 2 the config with the migration reading it.
    expect(selected(objects, steps[0]!)).toEqual([namespace]);
    const second = selected(objects, steps[1]!);
    const job = second.find((o) => o.kind === 'Job')!;
    expect(job.metadata.name).toBe('think-tank-migrate');
    for (const from of podSpec(job).containers[0].envFrom ?? [])
      if (from.configMapRef) expect(second.map((o) => o.metadata.name)).toContain(from.configMapRef.name);
    // The release's Job replaces the last one, and the wait outlasts the Job's own deadline.
    expect(commands.indexOf('delete job think-tank-migrate --ignore-not-found')).toBeLessThan(
      commands.indexOf('component in (config,migrate)'),
    );
    const deadline = (job.spec as { activeDeadlineSeconds: number }).activeDeadlineSeconds;
    expect(deadline).toBeGreaterThanOrEqual(15 * 60);
    // The wait outlasts the Job's deadline, ends at its failure too, and applies the rest only on success.
    const [tries, pause] = [/seq (\d+)\)/, /sleep (\d+)\n/].map((r) => Number(r.exec(commands)?.[1]));
    expect(tries * pause).toBeGreaterThan(deadline);
    expect(commands).toContain('wait --for=condition=complete --timeout=0 job/think-tank-migrate');
    expect(commands).toMatch(
      /wait --for=condition=failed --timeout=0 job\/think-tank-migrate [^\n]*&& break/,
    );
    expect(commands).toMatch(/\nmigrated && kubectl apply -k k8s\/overlays\/prod\n/);
    // Argo CD: the namespace, then the config, then the migration (a Sync hook, recreated), then the rest.
    const annotations = (job.metadata as { annotations: Record<string, string> }).annotations;
    expect(annotations).toMatchObject({
      'argocd.argoproj.io/hook': 'Sync',
      'argocd.argoproj.io/hook-delete-policy': 'BeforeHookCreation',
    });
    const configs = objects.filter(readByPods);
    expect(wave(namespace)).toBeLessThan(Math.min(...configs.map(wave)));
    expect(Math.max(...configs.map(wave))).toBeLessThan(wave(job));
    // The dev databases come before the migration that needs them; the app's workloads after it.
    for (const d of workloads(objects).filter((o) => o !== job))
      if (d.kind === 'StatefulSet') expect(wave(d), d.metadata.name).toBeLessThan(wave(job));
      else expect(wave(d), d.metadata.name).toBeGreaterThan(wave(job));
  });

  it('keeps every pod that reaches PostgreSQL and Redis marked as a database client', () => {
    const clients = objects.filter(
      (o) =>
        (o.kind === 'Deployment' || o.kind === 'Job') &&
        ['think-tank-api', 'think-tank-worker', 'think-tank-migrate'].includes(o.metadata.name),
    );
    expect(clients).toHaveLength(3);
    for (const o of clients)
      expect(
        (o.spec as { template: { metadata: { labels: Record<string, string> } } }).template.metadata.labels[
          'think-tank/database-client'
        ],
      ).toBe('true');
    expect(named('NetworkPolicy', 'think-tank-web-egress')).toBeDefined();
  });
});

describe('k8s/secret.example.yaml', () => {
  it('lists every secret the app reads, SMTP and the first admin included', () => {
    const example = parseDocument(read('k8s/secret.example.yaml')).toJS() as { stringData: object };
    expect(Object.keys(example.stringData)).toEqual(
      expect.arrayContaining([
        'DATABASE_URL',
        'REDIS_URL',
        'JWT_SECRET',
        'SMTP_URL',
        'ADMIN_EMAIL',
        'ADMIN_PASSWORD',
        'ALIPAY_APP_ID',
        'ALIPAY_PRIVATE_KEY',
        'ALIPAY_PUBLIC_KEY',
        'STRIPE_SECRET_KEY',
        'STRIPE_WEBHOOK_SECRET',
        'GOOGLE_CLIENT_SECRET',
        'GITHUB_CLIENT_SECRET',
        'LLM_API_KEY',
      ]),
    );
  });

  it("offers the replica, Sentinel and sockets' Redis addresses beside the primary ones, off while empty", () => {
    const { stringData } = parseDocument(read('k8s/secret.example.yaml')).toJS() as {
      stringData: Record<string, string>;
    };
    expect(stringData).toMatchObject({
      DATABASE_REPLICA_URLS: '',
      REDIS_SENTINELS: '',
      REDIS_SENTINEL_NAME: 'mymaster',
      REDIS_SENTINEL_PASSWORD: '',
      SOCKET_REDIS_URL: '',
      SOCKET_REDIS_SENTINELS: '',
      SOCKET_REDIS_SENTINEL_NAME: '',
    });
    // Every process that reads the primary's address reads these from the same Secret.
    const prod = render('prod');
    for (const name of ['think-tank-api', 'think-tank-worker', 'think-tank-migrate']) {
      const workload = prod.find((o) => o.metadata.name === name)!;
      expect(JSON.stringify(podSpec(workload)), name).toContain('"secretRef":{"name":"think-tank-secrets"}');
    }
    const readme = read('docs/operations/scaling.md');
    for (const section of ['## Reads on a replica', '## Redis that fails over'])
      expect(readme, section).toContain(section);
  });
});

describe('overlay differences', () => {
  it('has single-instance databases and a network policy for them in dev only; external ones in prod', () => {
    const dev = render('dev');
    const prod = render('prod');
    expect(
      dev
        .filter((o) => o.kind === 'StatefulSet')
        .map((o) => o.metadata.name)
        .sort(),
    ).toEqual(['postgres', 'redis']);
    expect(
      dev.find((o) => o.kind === 'NetworkPolicy' && o.metadata.name === 'databases-from-app-only'),
    ).toBeDefined();
    expect(prod.some((o) => o.kind === 'StatefulSet')).toBe(false);
    // Ready once the real server takes TCP (during initdb only the socket answers); Redis keeps its jobs on disk.
    const container = (name: string) =>
      podSpec(dev.find((o) => o.kind === 'StatefulSet' && o.metadata.name === name)!).containers[0];
    expect(container('postgres').readinessProbe).toMatchObject({
      exec: { command: ['pg_isready', '-h', '127.0.0.1', '-U', 'think_tank'] },
    });
    expect(container('redis').args?.join(' ')).toContain('--appendonly yes');
    expect(container('redis').volumeMounts).toEqual([{ name: 'data', mountPath: '/data' }]);
    expect(redisPatched(container('redis').image), container('redis').image).toBe(true);
    // No secret values in the prod render: its Secret is created outside git.
    expect(prod.some((o) => o.kind === 'Secret')).toBe(false);
    expect(prod.every((o) => o.kind === 'Namespace' || o.metadata.namespace === 'think-tank')).toBe(true);
  });
});
