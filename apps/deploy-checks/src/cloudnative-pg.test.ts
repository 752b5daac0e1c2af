/** docs/operations/backups.md: the prod-cnpg overlay, PostgreSQL by CloudNativePG with point-in-time recovery. */
import { describe, expect, it } from 'vitest';
import { read, render, validate, type Loose } from './files';
import { podSpec, selected, wave } from './workloads';

describe('the prod-cnpg overlay (PostgreSQL by CloudNativePG, docs/operations/backups.md)', () => {
  const objects = render('prod-cnpg');
  const one = (kind: string) => objects.find((o) => o.kind === kind) as Loose;
  const readme = read('docs/operations/backups.md');
  const section = readme.slice(readme.indexOf('**A cluster, PostgreSQL inside it**'));
  const commands = section.split('```')[1];

  it('renders objects that all pass their schemas, the CloudNativePG ones included', () => {
    for (const o of objects) expect(() => validate(o), `${o.kind}/${o.metadata.name}`).not.toThrow();
    // The check has teeth: a wrong field or type is refused.
    const cluster = one('Cluster');
    expect(() => validate({ ...cluster, spec: { ...cluster.spec, instances: 'three' } })).toThrow();
    const store = one('ObjectStore');
    expect(() => validate({ ...store, spec: { ...store.spec, retentionPolicy: '30 days' } })).toThrow();
    expect(() =>
      validate({ ...store, spec: { ...store.spec, configuration: { wal: { compression: 'gzip' } } } }),
    ).toThrow();
  });

  it('archives every WAL segment and takes a nightly base backup, kept 30 days: point-in-time recovery', () => {
    const cluster = one('Cluster');
    const store = one('ObjectStore');
    const scheduled = one('ScheduledBackup');
    expect(cluster.spec.instances).toBeGreaterThanOrEqual(3);
    expect(cluster.spec.walStorage).toBeDefined();
    expect(cluster.spec.bootstrap.initdb).toMatchObject({ database: 'think_tank', encoding: 'UTF8' });
    expect(cluster.spec.bootstrap.initdb.localeCType).toMatch(/UTF-8$/);
    expect(cluster.spec.plugins).toEqual([
      {
        name: 'barman-cloud.cloudnative-pg.io',
        isWALArchiver: true,
        parameters: { barmanObjectName: store.metadata.name },
      },
    ]);
    expect(store.spec.retentionPolicy).toBe('30d');
    expect(scheduled.spec).toMatchObject({
      cluster: { name: cluster.metadata.name },
      method: 'plugin',
      pluginConfiguration: { name: 'barman-cloud.cloudnative-pg.io' },
    });
    // Six fields, seconds first (CloudNativePG's cron): once a day.
    expect(scheduled.spec.schedule.split(' ')).toHaveLength(6);
    expect(scheduled.spec.schedule).toMatch(/^0 0 \d+ \* \* \*$/);
  });

  it('has the app read the operator’s Secret, and installs the database before the migration', () => {
    for (const name of ['think-tank-api', 'think-tank-worker', 'think-tank-migrate']) {
      const o = objects.find((x) => x.metadata.name === name)!;
      expect(podSpec(o).containers[0]).toMatchObject({
        env: [
          {
            name: 'DATABASE_URL',
            valueFrom: { secretKeyRef: { name: `${one('Cluster').metadata.name}-app`, key: 'uri' } },
          },
        ],
      });
    }
    const step = /kubectl apply -k k8s\/overlays\/prod-cnpg -l (\S+)/.exec(commands)![1];
    expect(
      selected(objects, step)
        .map((o) => o.kind)
        .sort(),
    ).toEqual(['Cluster', 'ObjectStore', 'ScheduledBackup']);
    expect(commands).toContain(
      `wait --for=condition=Ready --timeout=15m cluster/${one('Cluster').metadata.name}`,
    );
    expect(commands).toContain('create secret generic think-tank-backup-store');
    const keys = one('ObjectStore').spec.configuration.s3Credentials;
    for (const ref of [keys.accessKeyId, keys.secretAccessKey]) {
      expect(ref.name).toBe('think-tank-backup-store');
      expect(commands).toContain(`--from-literal=${ref.key}=`);
    }
    // Argo CD: the database (and its store) with the configuration, before the migration's wave.
    const job = objects.find((o) => o.kind === 'Job')!;
    expect(wave(one('Cluster'))).toBeLessThan(wave(job));
    expect(wave(one('ObjectStore'))).toBeLessThan(wave(job));
  });
});
