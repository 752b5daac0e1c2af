import { bearer, verifiedUser } from './support/accounts';
import { createSolution, paySandbox } from './support/factories';
import { SmtpSink } from './support/smtp-sink';
import { startTestApp, type TestApp } from './support/test-app';

type User = Awaited<ReturnType<typeof verifiedUser>>;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const NORMAL = {
  type: 'normal',
  title: '杭州鲜达冷链有限公司',
  taxNumber: '91350100m000100y43',
  email: 'finance@example.cn',
};
const SPECIAL = {
  ...NORMAL,
  type: 'special',
  address: '杭州市西湖区文三路 1 号',
  phone: '0571-8888 6666',
  bank: '招商银行杭州分行',
  account: '5719 0123 4567 890',
};

/** Invoices (发票) for paid orders: the buyer asks once, support issues the PDF or refuses, a refund closes. */
describe('invoices', () => {
  let t: TestApp;
  const sink = new SmtpSink();
  let support: User;
  let admin: User;
  let solution: { id: string };

  /** A solution view bought and paid in the sandbox cashier: the order's id. */
  const paidOrder = async (u: User) => {
    const { body } = await t.http
      .post('/api/solutions/initiate-solution-payment')
      .set(bearer(u))
      .send({ solutionId: solution.id })
      .expect(200);
    await paySandbox(t, body.paymentUrl);
    return body.orderId as string;
  };
  const ask = (u: User, orderId: string, body: object = NORMAL) =>
    t.http.post(`/api/payments/orders/${orderId}/invoice`).set(bearer(u)).send(body);
  const myInvoice = async (u: User, orderId: string) =>
    (await t.http.get('/api/payments/orders').set(bearer(u)).expect(200)).body.items.find(
      (o: { id: string }) => o.id === orderId,
    ).invoice;
  const issue = (id: string, body: object, who: User = support) =>
    t.http.post(`/api/admin/invoices/${id}/issue`).set(bearer(who)).send(body);

  beforeAll(async () => {
    t = await startTestApp({ SMTP_URL: await sink.start() });
    solution = await createSolution(t, { projectName: '冷链温控', html: '<h1>冷链</h1>' });
    support = await verifiedUser(t, sink, 'support');
    admin = await verifiedUser(t, sink, 'admin');
    await t.db.query(`UPDATE users SET role = 'support' WHERE id = $1`, [support.session.user.id]);
    await t.db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [admin.session.user.id]);
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  it('checks the invoice form’s rules, the special invoice’s extra fields included, storing nothing', async () => {
    const u = await verifiedUser(t, sink, 'buyer');
    const order = await paidOrder(u);
    const bad = await ask(u, order, { ...NORMAL, taxNumber: '91350100M000100Y44' }).expect(400);
    expect(bad.body.details).toEqual([
      expect.objectContaining({
        field: 'taxNumber',
        message: '纳税人识别号应为 18 位统一社会信用代码，请检查后重新输入',
      }),
    ]);
    const special = await ask(u, order, { ...NORMAL, type: 'special' })
      .set('Accept-Language', 'en')
      .expect(400);
    expect(special.body.details.map((d: { field: string }) => d.field).sort()).toEqual([
      'account',
      'address',
      'bank',
      'phone',
    ]);
    await ask(u, order, { ...NORMAL, title: 'x'.repeat(101) }).expect(400);
    await ask(u, order, { ...NORMAL, isPaid: true }).expect(400);
    expect(await myInvoice(u, order)).toBeNull();
  });

  it('gives a person an invoice in their own name, without a tax number; a company still needs one', async () => {
    const u = await verifiedUser(t, sink, 'buyer');
    const order = await paidOrder(u);
    // A company title without its tax number is refused, whichever way the title type is said.
    const company = await ask(u, order, { ...NORMAL, taxNumber: undefined }).expect(400);
    expect(company.body.details).toEqual([expect.objectContaining({ field: 'taxNumber' })]);
    await ask(u, order, { ...NORMAL, titleType: 'company', taxNumber: '' }).expect(400);
    // A special VAT invoice is a company's only.
    const special = await ask(u, order, { ...SPECIAL, titleType: 'personal' }).expect(400);
    expect(special.body.details).toEqual([expect.objectContaining({ field: 'type' })]);
    await ask(u, order, { titleType: 'personal', type: 'normal', title: ' ', email: NORMAL.email }).expect(
      400,
    );

    const personal = await ask(u, order, {
      titleType: 'personal',
      type: 'normal',
      title: ' 王小明 ',
      email: 'xiaoming@example.cn',
    }).expect(201);
    expect(personal.body).toMatchObject({
      titleType: 'personal',
      type: 'normal',
      title: '王小明',
      taxNumber: '',
      status: 'pending',
    });
    const queue = await t.http.get('/api/admin/invoices?status=pending').set(bearer(support)).expect(200);
    expect(queue.body.items).toContainEqual(
      expect.objectContaining({ id: personal.body.id, titleType: 'personal', title: '王小明' }),
    );
  });

  it('is for the buyer’s own paid orders only, once at a time, even for five requests at once', async () => {
    const u = await verifiedUser(t, sink, 'buyer');
    const stranger = await verifiedUser(t, sink, 'stranger');
    const order = await paidOrder(u);
    await ask(stranger, order).expect(404);
    await ask(u, '00000000-0000-4000-8000-000000000000').expect(404);
    await ask(u, 'nope').expect(404);
    const { body: unpaid } = await t.http
      .post('/api/solutions/initiate-solution-payment')
      .set(bearer(u))
      .send({ solutionId: (await createSolution(t, {})).id })
      .expect(200);
    await ask(u, unpaid.orderId).expect(409, /ORDER_NOT_PAID/);

    const answers = await Promise.all(Array.from({ length: 5 }, () => ask(u, order, SPECIAL)));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const created = answers.find((r) => r.status === 201)!.body;
    expect(created).toMatchObject({ ...SPECIAL, taxNumber: '91350100M000100Y43', status: 'pending' });
    expect(await myInvoice(u, order)).toMatchObject({ id: created.id, status: 'pending', type: 'special' });
    await t.http.get(`/api/payments/orders/${order}/invoice/pdf`).set(bearer(u)).expect(404);
  });

  it('is issued by support with a PDF the buyer is told of and downloads; nobody else can', async () => {
    const u = await verifiedUser(t, sink, 'buyer');
    const order = await paidOrder(u);
    const { body: request } = await ask(u, order, {
      ...NORMAL,
      address: 'dropped for a normal invoice',
    }).expect(201);
    expect(request.address).toBe('');
    await t.http.get('/api/admin/invoices').set(bearer(u)).expect(403);
    const queue = await t.http.get('/api/admin/invoices?status=pending').set(bearer(support)).expect(200);
    expect(queue.body.items).toContainEqual(
      expect.objectContaining({
        id: request.id,
        username: u.username,
        orderSubject: expect.any(String),
        displayPrice: '¥5.00',
      }),
    );

    await issue(request.id, {
      invoiceNumber: '04412345',
      pdfBase64: Buffer.from('<html>').toString('base64'),
    }).expect(400, /INVALID_PDF/);
    const tooBig = Buffer.concat([PDF, Buffer.alloc(2 * 1024 * 1024)]).toString('base64');
    await issue(request.id, { invoiceNumber: '04412345', pdfBase64: tooBig }).expect(400, /INVALID_PDF/);
    await issue(request.id, { invoiceNumber: '04412345', pdfBase64: 'not base64!' }).expect(
      400,
      /INVALID_PDF/,
    );
    // The large body is read for staff only: a buyer's is refused before it is read.
    await issue(request.id, { invoiceNumber: 'x', pdfBase64: tooBig }, u).expect(403);

    const issued = await issue(request.id, {
      invoiceNumber: '04412345',
      pdfBase64: PDF.toString('base64'),
    }).expect(200);
    expect(issued.body).toMatchObject({ status: 'issued', invoiceNumber: '04412345' });
    // Every admin write is in the audit log with actor, action, target and time (contract §9).
    const audit = await t.db.query(
      `SELECT "actorId", action, "targetId", details, "createdAt" FROM audit_entries WHERE action LIKE 'invoice.%'
        AND "targetId" = $1`,
      [order],
    );
    expect(audit).toEqual([
      {
        actorId: support.session.user.id,
        action: 'invoice.issue',
        targetId: order,
        details: { requestId: request.id, invoiceNumber: '04412345', reason: null },
        createdAt: expect.any(Date),
      },
    ]);
    await issue(request.id, { invoiceNumber: 'again', pdfBase64: PDF.toString('base64') }).expect(
      409,
      /APPLICATION_DECIDED/,
    );

    const pdf = await t.http
      .get(`/api/payments/orders/${order}/invoice/pdf`)
      .set(bearer(u))
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="invoice-04412345.pdf"');
    expect(pdf.headers['content-security-policy']).toContain('sandbox');
    expect(Buffer.compare(pdf.body as Buffer, PDF)).toBe(0);
    await t.http.get(`/api/payments/orders/${order}/invoice/pdf`).set(bearer(support)).expect(404);
    await t.http.get(`/api/admin/invoices/${request.id}/pdf`).set(bearer(support)).expect(200);

    const messages = (await t.http.get('/api/messages').set(bearer(u)).expect(200)).body.messages;
    expect(messages[0]).toMatchObject({ title: '发票已开具', actionUrl: '/profile/orders' });
    expect(await myInvoice(u, order)).toMatchObject({ status: 'issued', invoiceNumber: '04412345' });
    await ask(u, order).expect(409, /INVOICE_ALREADY_REQUESTED/);
  });

  it('is refused with a reason the buyer reads, after which they may ask again', async () => {
    const u = await verifiedUser(t, sink, 'buyer');
    const order = await paidOrder(u);
    const { body: request } = await ask(u, order).expect(201);
    const reject = (body: object) =>
      t.http.post(`/api/admin/invoices/${request.id}/reject`).set(bearer(support)).send(body);
    await reject({}).expect(400);
    await reject({ reason: '抬头与税号不一致' }).expect(200);
    expect(await myInvoice(u, order)).toMatchObject({ status: 'rejected', rejectReason: '抬头与税号不一致' });
    const messages = (await t.http.get('/api/messages').set(bearer(u)).expect(200)).body.messages;
    expect(messages[0]).toMatchObject({ title: '发票申请未通过' });
    await ask(u, order).expect(201);
  });

  it('closes a pending request when its order is refunded', async () => {
    const u = await verifiedUser(t, sink, 'buyer');
    const order = await paidOrder(u);
    await ask(u, order).expect(201);
    await t.http.post(`/api/admin/orders/${order}/refund`).set(bearer(admin)).expect(200);
    expect(await myInvoice(u, order)).toMatchObject({ status: 'closed' });
    await ask(u, order).expect(409, /ORDER_NOT_PAID/);
  });

  it('flags an issued invoice of a refunded order for its red-letter reversal, which support uploads; the buyer is told', async () => {
    const u = await verifiedUser(t, sink, 'buyer');
    const order = await paidOrder(u);
    const request = (await ask(u, order).expect(201)).body;
    await issue(request.id, { invoiceNumber: '04412399', pdfBase64: PDF.toString('base64') }).expect(200);
    const reverse = (body: object) =>
      t.http.post(`/api/admin/invoices/${request.id}/reverse`).set(bearer(support)).send(body);
    // Not due while the order stands.
    await reverse({ invoiceNumber: '04412400', pdfBase64: PDF.toString('base64') }).expect(409);

    await t.http.post(`/api/admin/orders/${order}/refund`).set(bearer(admin)).expect(200);
    expect(await myInvoice(u, order)).toMatchObject({ status: 'reversal_due', invoiceNumber: '04412399' });
    const told = (await t.http.get('/api/messages').set(bearer(u)).expect(200)).body.messages[0];
    expect(told).toMatchObject({
      title: '订单已退款',
      content: expect.stringContaining('发票 04412399 将作废'),
    });
    const due = await t.http.get('/api/admin/invoices?status=reversal_due').set(bearer(support)).expect(200);
    expect(due.body.items.map((r: { id: string }) => r.id)).toContain(request.id);

    await reverse({
      invoiceNumber: '04412400',
      pdfBase64: Buffer.from('not a pdf').toString('base64'),
    }).expect(400);
    await reverse({ invoiceNumber: '04412400', pdfBase64: PDF.toString('base64') }).expect(200);
    await reverse({ invoiceNumber: '04412401', pdfBase64: PDF.toString('base64') }).expect(409);
    expect(await myInvoice(u, order)).toMatchObject({ status: 'reversed', reversalNumber: '04412400' });
    const reversed = (await t.http.get('/api/messages').set(bearer(u)).expect(200)).body.messages[0];
    expect(reversed).toMatchObject({ title: '红字发票已开具' });
    // The buyer keeps both: the invoice and the red-letter one that cancels it; nobody else gets either.
    const base = `/api/payments/orders/${order}/invoice`;
    await t.http.get(`${base}/pdf`).set(bearer(u)).expect(200);
    const red = await t.http.get(`${base}/reversal-pdf`).set(bearer(u)).expect(200);
    expect(red.headers['content-disposition']).toContain('04412400');
    const other = await verifiedUser(t, sink, 'other');
    await t.http.get(`${base}/reversal-pdf`).set(bearer(other)).expect(404);
  });

  it('never leaves a live request on a refunded order when the request races the refund (10 times)', async () => {
    for (let i = 0; i < 10; i++) {
      const u = await verifiedUser(t, sink, 'racer');
      const order = await paidOrder(u);
      const [asked, refunded] = await Promise.all([
        ask(u, order),
        t.http.post(`/api/admin/orders/${order}/refund`).set(bearer(admin)),
      ]);
      expect(refunded.status).toBe(200);
      // Asked first and then closed by the refund, or refused as the order was no longer paid.
      if (asked.status === 201) expect(await myInvoice(u, order)).toMatchObject({ status: 'closed' });
      else expect(asked.body.code).toBe('ORDER_NOT_PAID');
    }
  });
});
