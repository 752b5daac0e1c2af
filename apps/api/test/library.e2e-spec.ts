import { FAVOURITES_MAX, Role } from '@think-tank/contracts';
import { ReadingHistoryRecorder } from '../src/modules/solutions/reading-history.recorder';
import { createSolution, insertUser } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';

/** A reader's favourites and reading history (contract §11 "Accounts and library"). */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Reader = Awaited<ReturnType<typeof insertUser>>;
const names = (body: { items: { projectName: string }[] }) => body.items.map((i) => i.projectName);

describe('favourites (PUT|DELETE /api/solutions/:id/favourite, GET /api/users/me/favourites)', () => {
  const star = (u: Reader, id: string) => t.http.put(`/api/solutions/${id}/favourite`).set(u.auth);

  it('stars and unstars, again alike, newest first; each reader their own; for free accounts too', async () => {
    const u = await insertUser(t); // a free account
    const other = await insertUser(t);
    const [a, b, c] = [await createSolution(t), await createSolution(t), await createSolution(t)];
    await star(u, a.id).expect(204);
    await star(u, b.id).expect(204);
    await star(u, b.id).expect(204); // already starred: the same, and still one row
    await star(other, c.id).expect(204);

    const mine = (await t.http.get('/api/users/me/favourites').set(u.auth).expect(200)).body;
    expect(mine).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(names(mine)).toEqual([b.projectName, a.projectName]);
    expect(Date.parse(mine.items[0].favouritedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await t.http.get('/api/users/me/favourites/ids').set(u.auth).expect(200)).body).toEqual([
      b.id,
      a.id,
    ]);
    expect(
      (await t.http.get('/api/users/me/favourites?page=2&pageSize=1').set(u.auth).expect(200)).body,
    ).toMatchObject({ total: 2, items: [{ solutionId: a.id }] });
    expect((await t.http.get('/api/users/me/favourites?page=5').set(u.auth).expect(200)).body).toMatchObject({
      total: 2,
      items: [],
    });

    // The data export holds them (the reader's own only).
    const exported = JSON.parse((await t.http.get('/api/users/me/export').set(u.auth).expect(200)).text);
    expect(exported.favourites.map((f: { solutionId: string }) => f.solutionId).sort()).toEqual(
      [a.id, b.id].sort(),
    );

    // Another reader's star is not mine to remove: unstarring it removes nothing of theirs.
    await t.http.delete(`/api/solutions/${c.id}/favourite`).set(u.auth).expect(204);
    expect((await t.http.get('/api/users/me/favourites').set(other.auth).expect(200)).body.total).toBe(1);
    await t.http.delete(`/api/solutions/${b.id}/favourite`).set(u.auth).expect(204);
    await t.http.delete(`/api/solutions/${b.id}/favourite`).set(u.auth).expect(204);
    expect(names((await t.http.get('/api/users/me/favourites').set(u.auth).expect(200)).body)).toEqual([
      a.projectName,
    ]);

    // A solution deleted from the library leaves the list with it.
    await t.db.query(`DELETE FROM solutions WHERE id = $1`, [a.id]);
    expect((await t.http.get('/api/users/me/favourites').set(u.auth).expect(200)).body.total).toBe(0);
  });

  it('refuses an unknown solution (404), a bad id, a bad page, a stranger (401), and more than 500', async () => {
    const u = await insertUser(t);
    await star(u, '00000000-0000-4000-8000-000000000000').expect(404);
    await star(u, 'not-an-id').expect(404);
    await t.http.get('/api/users/me/favourites?pageSize=1000').set(u.auth).expect(400);
    await t.http.get('/api/users/me/favourites?page=0').set(u.auth).expect(400);
    const s = await createSolution(t);
    await t.http.put(`/api/solutions/${s.id}/favourite`).expect(401);
    await t.http.get('/api/users/me/favourites').expect(401);

    // 499 starred (solutions of their own, as rows), then 60 concurrent stars of other solutions: one more fits.
    await t.db.query(
      `WITH s AS (INSERT INTO solutions ("projectName", "projectRequirements", "projectRequirementsDetails", html)
                  SELECT 'fav' || i, '', '', '' FROM generate_series(1, ${FAVOURITES_MAX - 1}) i RETURNING id)
       INSERT INTO favourites ("userId", "solutionId") SELECT $1, id FROM s`,
      [u.id],
    );
    const fresh = await Promise.all(Array.from({ length: 60 }, () => createSolution(t)));
    const answers = await Promise.all(fresh.map((f) => star(u, f.id)));
    expect(answers.filter((r) => r.status === 204)).toHaveLength(1);
    const full = answers.filter((r) => r.status === 409);
    expect(full).toHaveLength(59);
    expect(full[0].body.code).toBe('FAVOURITES_FULL');
    expect((await t.http.get('/api/users/me/favourites').set(u.auth).expect(200)).body.total).toBe(
      FAVOURITES_MAX,
    );
  });
});

describe('reading history (GET|DELETE /api/users/me/history)', () => {
  const view = (u: Reader, id: string) => t.http.get(`/api/solutions/${id}/view`).set(u.auth);

  it('records each view let through, once per solution at its last time, newest first; not a refused one', async () => {
    const u = await insertUser(t, Role.Vip);
    const free = await insertUser(t);
    const [a, b] = [await createSolution(t), await createSolution(t)];
    await view(u, a.id).expect(200);
    await view(u, b.id).expect(200);
    await view(u, a.id).expect(200); // a again: first in the list, still once
    await view(free, a.id).expect(402); // refused by the paywall: not read, not history

    const mine = (await t.http.get('/api/users/me/history').set(u.auth).expect(200)).body;
    expect(mine).toMatchObject({ total: 2, page: 1 });
    expect(names(mine)).toEqual([a.projectName, b.projectName]);
    expect(Date.parse(mine.items[0].viewedAt)).toBeGreaterThanOrEqual(Date.parse(mine.items[1].viewedAt));
    expect((await t.http.get('/api/users/me/history').set(free.auth).expect(200)).body).toMatchObject({
      total: 0,
      items: [],
    });

    // A ticket for the frame is a view too.
    const c = await createSolution(t);
    await t.http.post(`/api/solutions/${c.id}/view-ticket`).set(u.auth).expect(201);
    expect(names((await t.http.get('/api/users/me/history').set(u.auth).expect(200)).body)[0]).toBe(
      c.projectName,
    );

    const exported = JSON.parse((await t.http.get('/api/users/me/export').set(u.auth).expect(200)).text);
    expect(exported.readingHistory).toHaveLength(3);

    await t.http.delete('/api/users/me/history').set(u.auth).expect(204);
    expect((await t.http.get('/api/users/me/history').set(u.auth).expect(200)).body.total).toBe(0);
    // Views are written in batches, off the view's path: one still pending when the reader clears is cleared too.
    await view(u, a.id).expect(200);
    await t.http.delete('/api/users/me/history').set(u.auth).expect(204);
    await t.app.get(ReadingHistoryRecorder).flush();
    expect((await t.db.query(`SELECT 1 FROM reading_history WHERE "userId" = $1`, [u.id])).length).toBe(0);
    await t.http.get('/api/users/me/history').expect(401);
    await t.http.get('/api/users/me/history?page=abc').set(u.auth).expect(400);
  });
});
