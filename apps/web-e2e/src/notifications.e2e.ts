import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import type { Browser, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loginAsAdmin, newVerifiedUser } from './support/api';
import { launchChromium, signedInPage, snap } from './support/browser';

const baseUrl = inject('baseUrl');

describe('notifications in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  it('shows the bell reconnecting while its socket is cut, and catches up with what came meanwhile', async () => {
    const user = await newVerifiedUser('cutbell');
    const { context, page } = await signedInPage(browser, user);
    // The page's socket.io connections pass through here, so that the test can cut them and refuse new ones.
    let cut = false;
    const sockets: WebSocketRoute[] = [];
    await page.routeWebSocket(/\/socket\.io\//, (ws) => {
      if (cut) return void ws.close();
      ws.connectToServer();
      sockets.push(ws);
    });
    await page.route(/\/socket\.io\//, (route) => (cut ? route.abort() : route.continue()));
    await page.goto(`${baseUrl}/profile`);
    const badge = page.getByTestId('unread-badge');
    await expect.poll(() => badge.textContent()).toBe('1');

    cut = true;
    await Promise.all(sockets.map((ws) => ws.close()));
    await page.getByTestId('bell-reconnecting').waitFor();
    await snap(page, 'notifications-03-reconnecting');
    // A message arrives while the bell cannot hear it.
    const admin = await loginAsAdmin();
    const res = await fetch(`${baseUrl}/api/admin/messages/broadcast`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.access_token}` },
      body: JSON.stringify({
        title: '断线期间的消息',
        content: '重新连接后应能看到',
        userIds: [user.user.id],
      }),
    });
    expect(res.status).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await badge.textContent()).toBe('1');

    cut = false;
    await page.getByTestId('bell-reconnecting').waitFor({ state: 'detached', timeout: 20_000 });
    await expect.poll(() => badge.textContent()).toBe('2');
    await context.close();
  });

  it('says so on the bell when the network refuses WebSocket from the start, and goes live once it is allowed', async () => {
    const user = await newVerifiedUser('nows');
    const { context, page } = await signedInPage(browser, user);
    let blocked = true;
    await page.routeWebSocket(/\/socket\.io\//, (ws) => (blocked ? void ws.close() : ws.connectToServer()));
    await page.goto(`${baseUrl}/profile`);
    const mark = page.getByTestId('bell-reconnecting');
    await mark.waitFor();
    expect(await mark.getAttribute('title')).toBe('实时通知暂不可用，正在重新连接…');
    // The panel says it in words; the messages themselves still load over HTTP.
    await page.getByRole('button', { name: /消息通知/ }).click();
    expect(await page.getByTestId('bell-offline').textContent()).toBe('实时通知暂不可用，正在重新连接…');
    await snap(page, 'notifications-04-websocket-blocked');
    blocked = false;
    await mark.waitFor({ state: 'detached', timeout: 20_000 });
    await context.close();
  });

  it('works by keyboard: Enter opens the panel with the focus in it, Tab and Enter read a message, Escape closes', async () => {
    const user = await newVerifiedUser('keys');
    const { context, page } = await signedInPage(browser, user);
    await page.goto(`${baseUrl}/profile`);
    const badge = page.getByTestId('unread-badge');
    await expect.poll(() => badge.textContent()).toBe('1');
    const bell = page.getByRole('button', { name: /消息通知/ });
    await bell.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: '消息通知' });
    await panel.waitFor();
    expect(await panel.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await bell.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.keyboard.press('Enter');
    await panel.getByRole('button', { name: /欢迎来到智库/ }).waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toBe('全部标为已读');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('欢迎来到智库');
    await page.keyboard.press('Enter');
    // The welcome message links home: read, and the panel closed on the way.
    await page.waitForURL(`${baseUrl}/`);
    await expect.poll(() => badge.count()).toBe(0);
    await context.close();
  });

  it.each([
    ['zh-CN', '消息通知', '全部标为已读', '欢迎来到智库'],
    ['en-US', 'Notifications', 'Mark all as read', 'Welcome to 智库'],
  ])('marks all messages read from the panel (%s)', async (locale, title, markAll, welcome) => {
    const user = await newVerifiedUser(`allread${locale.slice(0, 2)}`);
    const admin = await loginAsAdmin();
    for (const n of [1, 2]) {
      const res = await fetch(`${baseUrl}/api/admin/messages/broadcast`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.access_token}` },
        body: JSON.stringify({ title: `通知 ${n}`, content: `内容 ${n}`, userIds: [user.user.id] }),
      });
      expect(res.status).toBe(200);
    }
    const { context, page } = await signedInPage(browser, user, locale);
    await page.goto(`${baseUrl}/profile`);
    const badge = page.getByTestId('unread-badge');
    await expect.poll(() => badge.textContent()).toBe('3');
    await page.getByRole('button', { name: new RegExp(title) }).click();
    const panel = page.getByRole('dialog', { name: title });
    await panel.getByRole('button', { name: new RegExp(welcome) }).waitFor();
    const button = panel.getByRole('button', { name: markAll });
    await button.click();
    await expect.poll(() => badge.count()).toBe(0);
    await expect.poll(() => panel.locator('[data-unread="true"]').count(), { timeout: 5_000 }).toBe(0);
    expect(await button.isDisabled()).toBe(true);
    await snap(page, `notifications-05-all-read-${locale}`);
    // Read on the server too: a new page load shows no badge and every row read.
    await page.reload();
    await page.getByRole('button', { name: new RegExp(title) }).click();
    await panel.getByRole('button', { name: new RegExp(welcome) }).waitFor();
    expect(await panel.locator('[data-unread="true"]').count()).toBe(0);
    expect(await badge.count()).toBe(0);
    await context.close();
  });

  it('raises the badge when an admin broadcasts, shows the message bold, and a click reads it', async () => {
    const user = await newVerifiedUser('bell');
    const { context, page } = await signedInPage(browser, user);
    await page.goto(`${baseUrl}/profile`);
    const badge = page.getByTestId('unread-badge');
    // The welcome message.
    await expect.poll(() => badge.textContent()).toBe('1');

    const admin = await loginAsAdmin();
    const res = await fetch(`${baseUrl}/api/admin/messages/broadcast`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.access_token}` },
      body: JSON.stringify({
        title: '系统维护通知',
        content: '今晚 23:00 起维护一小时',
        actionUrl: '/subscription',
        userIds: [user.user.id],
      }),
    });
    expect(res.status).toBe(200);
    // No reload: the socket brings it.
    await expect.poll(() => badge.textContent()).toBe('2');

    await page.getByRole('button', { name: /消息通知/ }).click();
    const panel = page.getByRole('dialog', { name: '消息通知' });
    const row = panel.getByRole('button', { name: /系统维护通知/ });
    await row.waitFor();
    expect(await row.getAttribute('data-unread')).toBe('true');
    expect(await row.evaluate((el) => getComputedStyle(el).fontWeight)).toBe('700');
    await snap(page, 'notifications-01-panel');

    await row.click();
    await page.waitForURL(`${baseUrl}/subscription`);
    await expect.poll(() => badge.textContent()).toBe('1');
    await page.getByRole('button', { name: /消息通知/ }).click();
    await expect
      .poll(() => panel.getByRole('button', { name: /系统维护通知/ }).getAttribute('data-unread'))
      .toBe('false');
    // The pushed row shows at once; the end-of-list line waits for page 1 to load.
    await panel.getByText('没有更多消息了').waitFor();
    await snap(page, 'notifications-02-read');

    // A background worker holds no sockets: it pushes through Redis with the app's SocketPush, in a process of its
    // own, and the open panel shows the message.
    const script = `
      require('reflect-metadata');
      const { loadConfig } = require('./src/core/config/app-config');
      const { SocketPush } = require('./src/core/realtime/socket-push.service');
      const push = new SocketPush(loadConfig(process.env));
      push.toRoom('/notifications', 'user:' + process.env.USER_ID, 'new_message', { _id: '00000000-0000-4000-8000-0000000000aa',
        title: '阶段生成完成', content: '来自后台任务', createdAt: new Date().toISOString(), readStatus: 'unread', actionUrl: null });
      push.onApplicationShutdown();`;
    const worker = spawn(process.execPath, ['-r', './swc-register.js', '-e', script], {
      cwd: resolve(__dirname, '../../api'),
      env: {
        ...process.env,
        NODE_ENV: 'test',
        REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
        REDIS_PREFIX: inject('redisPrefix'),
        USER_ID: user.user.id,
      },
      stdio: 'inherit',
    });
    await new Promise((resolve) => worker.on('exit', resolve));
    await panel.getByRole('button', { name: /阶段生成完成/ }).waitFor();
    await context.close();
  });
});
