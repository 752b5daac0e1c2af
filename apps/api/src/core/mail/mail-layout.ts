import { escapeHtml } from '../http/escape-html';

/** A mail's HTML: the brand, then the paragraphs (already escaped where they hold user text). */
export function mailLayout(title: string, paragraphs: string[], lang: 'zh' | 'en' = 'zh'): string {
  return `<!doctype html><html lang="${lang === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:'PingFang SC','Microsoft YaHei','Noto Sans CJK SC',sans-serif;color:#212529;max-width:560px;margin:auto">
<h2>智库</h2>${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}</body></html>`;
}
