import type { Language } from '@think-tank/contracts';
import type { IndustryId } from './industries.data';

/**
 * The relevance panel: demands across the library's twelve industries, each with the catalogue modules a
 * consultant would accept for it (generic ones only where they serve the demand). The built-in generator's
 * suggestions are scored against it in relevance.spec.ts.
 */
export interface PanelDemand {
  /** The demand's industries: one, two, or none (what any business might ask; it gets general modules or none). */
  industries: IndustryId[];
  language: Language;
  text: string;
  /** The catalogue modules a consultant would accept for it. */
  accepted: string[];
}

export const RELEVANCE_PANEL: PanelDemand[] = [
  // Manufacturing
  {
    industries: ['manufacturing'],
    language: 'zh',
    text: '冲压件与焊点靠人工目检，漏检率高，夜班质量波动大。希望在线全检，缺陷图像与批次号关联可追溯。不良率从1.2%降到0.3%。',
    accepted: ['visual-inspection', 'quality-spc', 'mes', 'data-platform'],
  },
  {
    industries: ['manufacturing'],
    language: 'zh',
    text: '注塑车间设备老旧，非计划停机频繁，维修靠老师傅经验。希望采集振动和温度数据提前预警故障，停机时间减少30%。',
    accepted: ['predictive-maintenance', 'iot-platform', 'mes', 'data-platform', 'safety-management'],
  },
  {
    industries: ['manufacturing'],
    language: 'zh',
    text: '多品种小批量的机加工厂，插单多，排产靠Excel，订单准时交付率只有75%，希望提升到95%，排产时间从半天缩短到15分钟。',
    accepted: ['aps', 'mes', 'bi-dashboard', 'data-platform'],
  },
  // Retail
  {
    industries: ['retail'],
    language: 'zh',
    text: '连锁超市200家门店，生鲜缺货和积压并存，补货靠店长经验。希望按门店预测销量并自动补货，缺货率从8%降到3%，库存周转天数从40天降到30天。',
    accepted: [
      'demand-forecasting',
      'auto-replenishment',
      'store-operations',
      'warehouse-wms',
      'cold-chain-monitoring',
      'data-platform',
    ],
  },
  {
    industries: ['retail'],
    language: 'zh',
    text: '美妆品牌会员200万，复购率只有18%，营销短信转化率低。希望做会员分层画像和精准营销，把复购率提升到30%。',
    accepted: ['member-marketing', 'crm', 'review-analytics', 'data-platform', 'bi-dashboard', 'mobile-app'],
  },
  {
    industries: ['retail'],
    language: 'zh',
    text: '服装品牌线上线下订单分开管理，经常超卖，门店库存不能给电商用。希望全渠道订单统一履约，超卖率降到0.1%以下。',
    accepted: [
      'omnichannel-order',
      'warehouse-wms',
      'demand-forecasting',
      'auto-replenishment',
      'store-operations',
    ],
  },
  {
    industries: ['retail'],
    language: 'zh',
    text: '社区团购冷链配送，生鲜损耗率8%，车辆利用率不足60%。希望优化配送路线和全程温控，损耗率降到4%，车辆利用率提升到80%，准时率98%。',
    accepted: [
      'cold-chain-monitoring',
      'route-optimization',
      'last-mile',
      'demand-forecasting',
      'tms',
      'warehouse-wms',
      'auto-replenishment',
    ],
  },
  // Catering
  {
    industries: ['catering'],
    language: 'zh',
    text: '火锅连锁60家门店，中央厨房按门店订货生产，食材损耗大，门店经常临时加货。希望按销量预测订货，食材损耗率从6%降到3%。',
    accepted: [
      'central-kitchen',
      'demand-forecasting',
      'auto-replenishment',
      'menu-analytics',
      'supplier-collaboration',
      'warehouse-wms',
      'store-operations',
    ],
  },
  {
    industries: ['catering'],
    language: 'zh',
    text: '快餐店午高峰排队严重，顾客等位超过20分钟就走了，外卖订单和堂食抢后厨。希望扫码点餐和线上排号，翻台率提升15%。',
    accepted: ['smart-ordering', 'omnichannel-order', 'store-operations', 'mobile-app', 'menu-analytics'],
  },
  {
    industries: ['catering'],
    language: 'en',
    text: 'A coffee chain with 120 outlets wants to cut milk and pastry waste, avoid stockouts at peak hours and understand which drinks sell by store and time of day.',
    accepted: [
      'demand-forecasting',
      'auto-replenishment',
      'menu-analytics',
      'store-operations',
      'central-kitchen',
      'bi-dashboard',
      'data-platform',
    ],
  },
  // Finance
  {
    industries: ['finance'],
    language: 'zh',
    text: '城商行小微企业贷款审批要5天，人工审核材料多，坏账率偏高。希望多源数据建模自动授信，审批时间缩短到10分钟，坏账率下降20%。',
    accepted: ['credit-scoring', 'anti-fraud', 'workflow-automation', 'data-platform', 'invoice-automation'],
  },
  {
    industries: ['finance'],
    language: 'zh',
    text: '信用卡盗刷和团伙欺诈增多，现有规则误报多，客户投诉被误拦截。希望实时识别异常交易，欺诈损失下降40%，误报率下降一半。',
    accepted: ['anti-fraud', 'credit-scoring', 'aml-monitoring', 'customer-service-bot'],
  },
  {
    industries: ['finance'],
    language: 'zh',
    text: '财险公司车险小额理赔流程长，客户要跑多次提交材料，定损依赖人工。希望线上自助理赔和智能定损，小额案件一天内赔付。',
    accepted: ['insurance-claims', 'anti-fraud', 'workflow-automation', 'customer-service-bot', 'mobile-app'],
  },
  // Logistics
  {
    industries: ['logistics'],
    language: 'zh',
    text: '城配车队80辆车，司机按经验跑线路，空驶多，客户抱怨送达时间不准。希望自动规划路线，单车日配送量提升15%，准时率达到97%。',
    accepted: ['route-optimization', 'tms', 'last-mile', 'iot-platform', 'bi-dashboard'],
  },
  {
    industries: ['logistics'],
    language: 'zh',
    text: '港口集装箱堆场翻箱率高，集卡在闸口排队两三个小时。希望预约到港和堆存优化，车辆等待时间下降40%。',
    accepted: ['yard-scheduling', 'tms', 'iot-platform', 'video-analytics', 'bi-dashboard'],
  },
  {
    industries: ['logistics'],
    language: 'zh',
    text: '医药冷链运输途中温度记录靠纸质单据，超温发现太晚，货损和客户索赔多。希望全程温湿度监测和超限告警，货损率下降30%。',
    accepted: ['cold-chain-monitoring', 'iot-platform', 'tms', 'pharmacy-supply', 'route-optimization'],
  },
  // Healthcare
  {
    industries: ['healthcare'],
    language: 'zh',
    text: '三甲医院门诊量大，医生书写病历耗时，处方用药错误时有发生。希望基于指南提示诊疗建议和用药风险，用药错误下降30%。',
    accepted: ['clinical-decision', 'knowledge-base', 'ai-assistant', 'hospital-operations'],
  },
  {
    industries: ['healthcare'],
    language: 'zh',
    text: '县医院放射科CT阅片医生不足，报告出具慢，夜间急诊等待长。希望影像辅助诊断自动检出病灶，阅片时间下降30%。',
    accepted: ['medical-imaging', 'clinical-decision', 'hospital-operations', 'ai-assistant'],
  },
  {
    industries: ['healthcare'],
    language: 'zh',
    text: '医院床位紧张，住院患者平均住院日偏长，护士排班靠手工，耗材成本逐年上升。希望床位、排班与耗材一体化管理，床位周转率提升10%。',
    accepted: [
      'hospital-operations',
      'bi-dashboard',
      'data-platform',
      'hr-analytics',
      'warehouse-wms',
      'auto-replenishment',
    ],
  },
  // Education
  {
    industries: ['education'],
    language: 'zh',
    text: 'K12 作业平台老师批改作业负担重，学生错题没有针对性练习。希望作业智能批改和个性化练习推送，批改时间下降60%。',
    accepted: ['homework-grading', 'adaptive-learning', 'knowledge-base', 'ai-assistant'],
  },
  {
    industries: ['education'],
    language: 'zh',
    text: '中学排课每学期要教务老师一周，考勤和家校通知分散在多个群里。希望排课、考勤和家校沟通在一个平台完成，排课耗时下降80%。',
    accepted: ['campus-management', 'mobile-app', 'workflow-automation'],
  },
  {
    industries: ['education'],
    language: 'zh',
    text: '职业教育机构课程和实训分离，学员技能认证通过率低。希望课程、实训与认证一体化，考核通过率提升20%。',
    accepted: ['vocational-training', 'adaptive-learning', 'homework-grading'],
  },
  // Agriculture
  {
    industries: ['agriculture'],
    language: 'zh',
    text: '蔬菜种植合作社大棚灌溉施肥靠经验，化肥用量大，亩产不稳定。希望监测土壤和气象，变量施肥灌溉，化肥用量下降15%，亩产提升8%。',
    accepted: ['precision-farming', 'iot-platform', 'pest-detection', 'data-platform'],
  },
  {
    industries: ['agriculture'],
    language: 'zh',
    text: '生猪养殖场规模5万头，饲喂靠人工，疫病发现晚，死淘率高。希望环境监控和精准饲喂，疫病早预警，死淘率下降20%。',
    accepted: ['smart-livestock', 'iot-platform', 'video-analytics'],
  },
  {
    industries: ['agriculture'],
    language: 'zh',
    text: '茶园病虫害靠人工巡查，发现晚、农药打得多，茶叶农残超标风险大。希望图像识别病虫害并给出防治建议，农药用量下降20%，产品可溯源。',
    accepted: ['pest-detection', 'agri-traceability', 'precision-farming', 'iot-platform'],
  },
  // Energy
  {
    industries: ['energy'],
    language: 'zh',
    text: '分布式光伏电站200座，组件故障发现慢，清洗计划不合理，发电量损失大。希望组件级监测和故障诊断，发电量提升5%。',
    accepted: ['pv-operations', 'iot-platform', 'predictive-maintenance', 'bi-dashboard'],
  },
  {
    industries: ['energy'],
    language: 'zh',
    text: '售电公司负荷预测偏差大，每月偏差考核费用高。希望做日前和实时负荷预测，日前预测准确率达到95%，偏差考核费用下降30%。',
    accepted: ['load-forecasting', 'data-platform', 'energy-storage', 'bi-dashboard'],
  },
  {
    industries: ['energy'],
    language: 'zh',
    text: '城市供水管网老化，产销差率28%，漏点定位要几天。希望分区计量和压力管理，快速定位漏点，产销差率下降5个百分点。',
    accepted: ['water-leakage', 'iot-platform', 'grid-governance', 'data-platform'],
  },
  // Government
  {
    industries: ['government'],
    language: 'zh',
    text: '区政务服务中心办事材料多，市民要跑多个窗口，部门间数据不共享。希望一网通办，全程网办率达到90%，办理时限压缩一半。',
    accepted: ['one-stop-service', 'workflow-automation', 'data-platform', 'mobile-app', 'privacy-security'],
  },
  {
    industries: ['government'],
    language: 'zh',
    text: '12345热线诉求量大，人工派单慢，经常派错部门，市民满意度不高。希望诉求自动分类派单和回访，派单准确率达到90%。',
    accepted: [
      'hotline-dispatch',
      'customer-service-bot',
      'ai-assistant',
      'knowledge-base',
      'grid-governance',
      'workflow-automation',
    ],
  },
  {
    industries: ['government'],
    language: 'zh',
    text: '街道网格员巡查上报的事件处置慢，部门之间推诿，领导看不到全局。希望网格化治理，事件处置闭环，按期办结率达到95%。',
    accepted: ['grid-governance', 'hotline-dispatch', 'bi-dashboard', 'workflow-automation', 'mobile-app'],
  },
  // Construction
  {
    industries: ['construction'],
    language: 'zh',
    text: '住宅项目施工图错漏碰撞多，设计变更频繁，返工成本高。希望设计施工共用BIM模型，碰撞问题施工前发现，设计变更减少30%。',
    accepted: ['bim-collaboration', 'project-control', 'digital-twin'],
  },
  {
    industries: ['construction'],
    language: 'zh',
    text: '总包单位同时管理20个工地，劳务实名考勤混乱，塔吊和扬尘靠人盯，安全事故风险大。希望智慧工地统一监管，隐患整改率达到95%。',
    accepted: ['smart-site', 'safety-management', 'video-analytics', 'iot-platform', 'hr-analytics'],
  },
  // Tourism
  {
    industries: ['tourism'],
    language: 'zh',
    text: '5A景区节假日客流集中，游客拥堵投诉多，门票还在窗口售卖。希望分时预约和实时客流监测，线上售票占比达到85%，拥堵投诉下降一半。',
    accepted: ['visitor-flow', 'smart-ticketing', 'video-analytics', 'mobile-app', 'smart-guide'],
  },
  {
    industries: ['tourism'],
    language: 'en',
    text: 'The city museum wants visitors to book timed entry online, get an audio guide on their phones and spend longer in the exhibitions.',
    accepted: ['smart-guide', 'visitor-flow', 'smart-ticketing', 'mobile-app'],
  },
  {
    industries: ['tourism'],
    language: 'zh',
    text: '连锁民宿和精品酒店入住率淡旺季差异大，房价调整靠经验，OTA渠道佣金高。希望按需求预测动态定价，入住率提升8个百分点。',
    accepted: [
      'hotel-revenue',
      'pricing-optimization',
      'member-marketing',
      'demand-forecasting',
      'review-analytics',
    ],
  },
  // English demands in other industries
  {
    industries: ['healthcare'],
    language: 'en',
    text: 'Our hospital wants to cut patient waiting times in outpatient clinics, balance nurse shifts and track bed occupancy across wards.',
    accepted: ['hospital-operations', 'bi-dashboard', 'data-platform', 'hr-analytics', 'mobile-app'],
  },
  {
    industries: ['finance'],
    language: 'en',
    text: 'A consumer lender needs faster loan approvals with automated credit scoring and wants to detect fraudulent applications before funds are released.',
    accepted: ['credit-scoring', 'anti-fraud', 'workflow-automation', 'data-platform'],
  },
];
