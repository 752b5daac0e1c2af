import { teaserOf } from './teaser';

describe('teaserOf', () => {
  it('keeps the text a reader sees and nothing of the markup', () => {
    const html = `<!doctype html><html><head><title>标题</title><style>h1{color:red}</style></head>
      <body><!-- note --><h1 class="t">智慧港口</h1><script>alert("x<y")</script>
      <p>吞吐量&nbsp;提升&#20013;&#x56FD; &amp; 港口 &lt;b&gt;</p><svg><text>图</text></svg></body></html>`;
    expect(teaserOf(html)).toBe('智慧港口 吞吐量 提升中国 & 港口 <b>');
    expect(teaserOf('<p onclick="x()">a</p><img src=x onerror=alert(1)>b')).toBe('a b');
  });

  it('stops at 300 characters (code points), marking the cut', () => {
    const text = teaserOf(`<p>${'港'.repeat(400)}</p>`);
    expect([...text]).toHaveLength(301);
    expect(text.endsWith('…')).toBe(true);
    expect(teaserOf(`<p>${'😀'.repeat(10)}</p>`, 5)).toBe('😀😀😀😀😀…');
  });

  it('survives broken markup and unknown references', () => {
    expect(teaserOf('<p>a &bogus; &#xZZ; <b')).toBe('a &bogus; &#xZZ;');
    expect(teaserOf('<script>never closed')).toBe('');
    expect(teaserOf('')).toBe('');
  });
});
