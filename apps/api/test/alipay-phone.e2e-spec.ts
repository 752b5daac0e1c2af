import { PLAN_SEED } from '../src/database/seeds/plans.seed';
import { Plan } from '../src/modules/billing/entities/plan.entity';
import { FakeAlipayPlatform } from './fakes/alipay-platform';
import { createSolution, insertUser } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';
import { UA } from './support/user-agents';

/** Contract §11 "Ways to pay": a phone's browser pays with Alipay's WAP pay, a desktop with page pay. */
describe('Alipay on phones', () => {
  let t: TestApp;
  const alipay = new FakeAlipayPlatform();

  beforeAll(async () => {
    t = await startTestApp(alipay.env());
    await t.db.getRepository(Plan).insert(PLAN_SEED);
  });
  afterAll(() => t.close());

  it('signs alipay.trade.wap.pay (QUICK_WAP_WAY) for a phone, with a way back to where the order is paid', async () => {
    const buyer = await insertUser(t);
    const plan = await t.db.getRepository(Plan).findOneByOrFail({ code: 'basic_monthly' });
    // The client says it is a phone.
    const said = await t.http
      .post('/api/payments/alipay/create-order')
      .set(buyer.auth)
      .send({ paymentType: 'subscription', priceId: plan.id, device: 'mobile' })
      .expect(200);
    const wap = alipay.verifyPageRequest(said.body.paymentUrl);
    expect(wap.valid).toBe(true);
    expect(wap.fields).toMatchObject({
      method: 'alipay.trade.wap.pay',
      app_id: alipay.appId,
      sign_type: 'RSA2',
      notify_url: 'http://localhost:3000/api/payments/alipay/notify',
      return_url: 'http://localhost:3000/api/payments/alipay/return',
    });
    expect(JSON.parse(wap.fields.biz_content)).toMatchObject({
      out_trade_no: said.body.orderId,
      product_code: 'QUICK_WAP_WAY',
      total_amount: '39.00',
      // Leaving Alipay's cashier comes back to the plan's checkout.
      quit_url: `http://localhost:3000/payment?plan=${plan.id}`,
    });

    // A phone's User-Agent, without saying: a solution view, whose way back is the buyer's orders.
    const solution = await createSolution(t);
    const viewed = await t.http
      .post('/api/solutions/initiate-solution-payment')
      .set(buyer.auth)
      .set('User-Agent', UA.iphone)
      .send({ solutionId: solution.id })
      .expect(200);
    const view = alipay.verifyPageRequest(viewed.body.paymentUrl);
    expect(view).toMatchObject({ valid: true, fields: { method: 'alipay.trade.wap.pay' } });
    expect(JSON.parse(view.fields.biz_content)).toMatchObject({
      product_code: 'QUICK_WAP_WAY',
      quit_url: 'http://localhost:3000/profile/orders',
    });
  });

  it('keeps page pay for a desktop, and for a phone that says it is not one', async () => {
    const buyer = await insertUser(t);
    const solution = await createSolution(t);
    const desk = await t.http
      .post('/api/solutions/initiate-solution-payment')
      .set(buyer.auth)
      .set('User-Agent', UA.desktop)
      .send({ solutionId: solution.id })
      .expect(200);
    const page = alipay.verifyPageRequest(desk.body.paymentUrl);
    expect(page).toMatchObject({ valid: true, fields: { method: 'alipay.trade.page.pay' } });
    expect(JSON.parse(page.fields.biz_content)).toMatchObject({ product_code: 'FAST_INSTANT_TRADE_PAY' });
    expect(JSON.parse(page.fields.biz_content).quit_url).toBeUndefined();

    const plan = await t.db.getRepository(Plan).findOneByOrFail({ code: 'basic_monthly' });
    const told = await t.http
      .post('/api/payments/alipay/create-order')
      .set(buyer.auth)
      .set('User-Agent', UA.iphone)
      .send({ paymentType: 'subscription', priceId: plan.id, device: 'desktop' })
      .expect(200);
    expect(alipay.verifyPageRequest(told.body.paymentUrl).fields.method).toBe('alipay.trade.page.pay');
    // Anything else is refused, field by field.
    const wrong = await t.http
      .post('/api/payments/alipay/create-order')
      .set(buyer.auth)
      .send({ paymentType: 'subscription', priceId: plan.id, device: 'watch' })
      .expect(400);
    expect(wrong.body.details).toEqual([expect.objectContaining({ field: 'device' })]);
  });
});
