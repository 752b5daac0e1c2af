import type { LibraryIndustry, SolutionInput } from '@think-tank/contracts';
import { SOLUTION_SEED } from './solutions.seed-data';
import { escapeHtml } from '../../core/http/escape-html';

export interface SeedSolution {
  industry: string;
  name: string;
  requirements: string;
  details: string;
  modules: { name: string; description: string }[];
  metrics: string[];
  steps: string[];
}

export function parseSeed(text: string = SOLUTION_SEED): SeedSolution[] {
  return text
    .trim()
    .split('\n')
    .map((line) => {
      const [industry, name, requirements, details, modules, metrics, steps] = line.split('|');
      return {
        industry,
        name,
        requirements,
        details,
        modules: modules.split('；').map((m) => {
          const [moduleName, description] = m.split('：');
          return { name: moduleName, description };
        }),
        metrics: metrics.split('；'),
        steps: steps.split('；'),
      };
    });
}

/** A self-contained HTML document (no external resources): background, modules, metrics, rollout. */
export function solutionDocument(s: SeedSolution): string {
  const e = escapeHtml;
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>${e(s.name)}</title>
<style>
body{font-family:'PingFang SC','Microsoft YaHei','Noto Sans CJK SC',sans-serif;max-width:880px;margin:2rem auto;padding:0 1rem;color:#212529;line-height:1.7}
h1{font-size:1.8rem;margin-bottom:.25rem}h2{font-size:1.25rem;margin-top:2rem;border-left:4px solid #0d6efd;padding-left:.5rem}
.tag{display:inline-block;background:#e7f1ff;color:#0d6efd;border-radius:4px;padding:0 .5rem;font-size:.85rem}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #dee2e6;padding:.5rem;text-align:left;vertical-align:top}th{background:#f8f9fa}
</style></head>
<body>
<h1>${e(s.name)}</h1>
<p><span class="tag">${e(s.industry)}</span></p>
<h2>一、业务痛点与需求</h2>
<p>${e(s.requirements)}</p>
<h2>二、方案概述</h2>
<p>${e(s.details)}</p>
<h2>三、功能模块</h2>
<table><thead><tr><th>模块</th><th>说明</th></tr></thead><tbody>
${s.modules.map((m) => `<tr><td>${e(m.name)}</td><td>${e(m.description)}</td></tr>`).join('\n')}
</tbody></table>
<h2>四、量化目标</h2>
<ul>
${s.metrics.map((m) => `<li>${e(m)}</li>`).join('\n')}
</ul>
<h2>五、实施路径</h2>
<ol>
${s.steps.map((step) => `<li>${e(step)}</li>`).join('\n')}
</ol>
<h2>六、交付物</h2>
<ul><li>需求调研报告与业务流程图</li><li>系统设计说明书与接口文档</li><li>上线运行报告与效果评估</li></ul>
</body></html>`;
}

/** The seed's industries as the library's keys (search's `categories`). */
const SEED_INDUSTRIES: Record<string, LibraryIndustry> = {
  制造: 'manufacturing',
  零售: 'retail',
  金融风控: 'finance',
  物流: 'logistics',
  医疗: 'healthcare',
  教育: 'education',
  农业: 'agriculture',
  能源: 'energy',
  建筑: 'construction',
  政务: 'government',
  文旅: 'tourism',
  餐饮: 'catering',
};

export function seedSolutionInputs(): SolutionInput[] {
  return parseSeed().map((s) => ({
    projectName: s.name,
    projectRequirements: s.requirements,
    projectRequirementsDetails: s.details,
    html: solutionDocument(s),
    industry: SEED_INDUSTRIES[s.industry],
  }));
}
