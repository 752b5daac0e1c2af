import * as argon2 from 'argon2';
import type { DataSource } from 'typeorm';
import { User } from '../../modules/auth/entities/user.entity';
import { Solution } from '../../modules/solutions/entities/solution.entity';
import { writeSolution } from '../../modules/solutions/solutions.repository';
import { seedSolutionInputs } from './solution-document';
import { PLAN_SEED, seedPlans } from './plans.seed';

/** A verified demo account for trying the product locally; never seeded in production. */
export const DEMO_ACCOUNT = { username: 'demo', email: 'demo@example.com', password: 'Demo#2026' } as const;

export async function seedDemoData(db: DataSource): Promise<string[]> {
  const done: string[] = [];
  const users = db.getRepository(User);
  if (!(await users.existsBy({ email: DEMO_ACCOUNT.email }))) {
    await users.insert({
      username: DEMO_ACCOUNT.username,
      email: DEMO_ACCOUNT.email,
      passwordHash: await argon2.hash(DEMO_ACCOUNT.password, {
        type: argon2.argon2id,
        memoryCost: 19456,
        timeCost: 2,
      }),
      emailVerifiedAt: new Date(),
    });
    done.push(`demo account ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}`);
  }
  if (await seedPlans(db)) done.push(`${PLAN_SEED.length} plans`);
  if (!(await db.getRepository(Solution).exists())) {
    const inputs = seedSolutionInputs();
    await db.transaction(async (tx) => {
      // Staggered creation times give "newest first" a stable order: the first entry is the newest.
      for (const [i, input] of inputs.entries())
        await writeSolution(
          tx,
          tx.create(Solution, { ...input, createdAt: new Date(Date.now() - i * 60_000) }),
        );
    });
    done.push(`${inputs.length} solutions`);
  }
  return done;
}
