import { hasLatin } from './search-text';

/**
 * Built-in English → Chinese glossary for search (contract §4): a Latin query term also matches its Chinese
 * translation, so `AI 制造` finds `人工智能 制造`. Single words only, because query terms are single words.
 */
const ENTRIES = `
ai=人工智能 ml=机器学习 dl=深度学习 nlp=自然语言处理 llm=大模型 gpt=大模型 cv=计算机视觉 ocr=文字识别
iot=物联网 erp=企业资源计划 crm=客户关系管理 mes=制造执行系统 wms=仓储管理 tms=运输管理 scm=供应链管理
plm=产品生命周期管理 hr=人力资源 hrm=人力资源管理 oa=办公自动化 bi=商业智能 kpi=关键绩效指标 okr=目标与关键结果
roi=投资回报率 sku=库存单位 b2b=企业对企业 b2c=企业对消费者 o2o=线上线下 saas=软件即服务 paas=平台即服务
iaas=基础设施即服务 api=接口 sdk=开发工具包 app=应用 ui=界面 ux=用户体验 gis=地理信息系统 gps=定位
rfid=射频识别 plc=可编程控制器 scada=数据采集与监控 cad=计算机辅助设计 cae=仿真 bim=建筑信息模型 vr=虚拟现实
ar=增强现实 5g=第五代移动通信 esg=环境社会治理 ev=新能源汽车 pv=光伏 hvac=暖通空调 qa=质量保证 qc=质量控制
rpa=机器人流程自动化 agv=自动导引车 amr=自主移动机器人 cnc=数控机床 mro=维护维修运行 oem=代工 odm=原始设计制造
artificial=人工 intelligence=智能 intelligent=智能 smart=智能 machine=机器 learning=学习 deep=深度
neural=神经网络 network=网络 model=模型 models=模型 algorithm=算法 algorithms=算法 data=数据 dataset=数据集
database=数据库 analytics=分析 analysis=分析 analyze=分析 statistics=统计 prediction=预测 predictive=预测
forecast=预测 forecasting=预测 recommendation=推荐 recommend=推荐 personalization=个性化 personalized=个性化
vision=视觉 image=图像 images=图像 video=视频 speech=语音 voice=语音 text=文本 language=语言 translation=翻译
chatbot=智能客服 assistant=助手 robot=机器人 robots=机器人 robotics=机器人 automation=自动化 automated=自动化
automatic=自动 digital=数字化 digitalization=数字化 digitization=数字化 transformation=转型 platform=平台
system=系统 systems=系统 software=软件 hardware=硬件 cloud=云 computing=计算 edge=边缘 server=服务器
storage=存储 security=安全 cybersecurity=网络安全 privacy=隐私 encryption=加密 blockchain=区块链
ledger=账本 token=通证 identity=身份 authentication=认证 access=访问 monitoring=监控 monitor=监控
sensor=传感器 sensors=传感器 device=设备 devices=设备 equipment=设备 terminal=终端 mobile=移动
online=线上 offline=线下 internet=互联网 web=网页 website=网站 ecommerce=电商 commerce=商务
retail=零售 retailer=零售商 store=门店 stores=门店 shop=店铺 supermarket=超市 mall=商场 brand=品牌
marketing=营销 advertising=广告 ads=广告 promotion=促销 campaign=活动 membership=会员 member=会员
loyalty=忠诚度 customer=客户 customers=客户 client=客户 user=用户 users=用户 consumer=消费者
service=服务 services=服务 support=支持 sales=销售 sale=销售 selling=销售 order=订单 orders=订单
payment=支付 payments=支付 pricing=定价 price=价格 discount=折扣 coupon=优惠券 invoice=发票
finance=金融 financial=金融 bank=银行 banking=银行 insurance=保险 loan=贷款 loans=贷款 credit=信贷
risk=风险 risks=风险 fraud=欺诈 compliance=合规 audit=审计 accounting=会计 tax=税务 budget=预算
investment=投资 fund=基金 wealth=财富 asset=资产 assets=资产 capital=资本 cost=成本 costs=成本
revenue=收入 profit=利润 efficiency=效率 productivity=生产力 performance=绩效 quality=质量
inspection=检测 defect=缺陷 defects=缺陷 testing=测试 test=测试 maintenance=维护 repair=维修
predictive=预测 failure=故障 fault=故障 diagnosis=诊断 safety=安全 accident=事故 emergency=应急
manufacturing=制造 manufacture=制造 factory=工厂 factories=工厂 plant=工厂 production=生产
produce=生产 assembly=装配 workshop=车间 line=产线 process=工艺 processing=加工 machining=加工
industrial=工业 industry=行业 industries=行业 chemical=化工 steel=钢铁 textile=纺织 electronics=电子
semiconductor=半导体 chip=芯片 chips=芯片 battery=电池 batteries=电池 automotive=汽车 car=汽车
vehicle=车辆 vehicles=车辆 logistics=物流 transport=运输 transportation=运输 shipping=运输 delivery=配送
distribution=配送 warehouse=仓库 warehousing=仓储 inventory=库存 stock=库存 supply=供应 chain=链
procurement=采购 purchasing=采购 supplier=供应商 suppliers=供应商 sourcing=寻源 route=路径 routing=路径规划
fleet=车队 truck=货车 port=港口 freight=货运 express=快递 courier=快递 tracking=追踪 traceability=追溯
trace=追溯 cold=冷链 healthcare=医疗 health=健康 medical=医疗 hospital=医院 hospitals=医院 clinic=诊所
doctor=医生 doctors=医生 patient=患者 patients=患者 nursing=护理 medicine=药品 drug=药品 drugs=药品
pharmacy=药房 pharmaceutical=医药 diagnostic=诊断 imaging=影像 telemedicine=远程医疗 elderly=养老
care=护理 education=教育 school=学校 schools=学校 university=大学 student=学生 students=学生
teacher=教师 teachers=教师 course=课程 courses=课程 training=培训 exam=考试 classroom=课堂
campus=校园 agriculture=农业 agricultural=农业 farm=农场 farming=种植 crop=作物 crops=作物
irrigation=灌溉 greenhouse=温室 livestock=畜牧 fishery=渔业 food=食品 seed=种子 fertilizer=化肥
soil=土壤 weather=气象 climate=气候 energy=能源 power=电力 electricity=电力 grid=电网 solar=光伏
photovoltaic=光伏 wind=风电 hydrogen=氢能 carbon=碳 emission=排放 emissions=排放 environmental=环保
environment=环境 pollution=污染 waste=废弃物 recycling=回收 water=水务 wastewater=污水 charging=充电
oil=石油 gas=燃气 mining=矿山 mine=矿山 construction=建筑 building=建筑 buildings=楼宇 property=物业
estate=地产 housing=住房 city=城市 urban=城市 government=政务 public=公共 community=社区 park=园区
tourism=旅游 travel=旅游 hotel=酒店 hotels=酒店 restaurant=餐饮 catering=餐饮 entertainment=娱乐
media=媒体 content=内容 game=游戏 games=游戏 sports=体育 fitness=健身 culture=文化 legal=法律
law=法律 contract=合同 contracts=合同 document=文档 documents=文档 knowledge=知识 search=搜索
management=管理 manage=管理 operation=运营 operations=运营 strategy=战略 planning=规划 plan=计划
scheduling=排程 schedule=排程 decision=决策 optimization=优化 optimize=优化 integration=集成
interface=接口 workflow=流程 approval=审批 collaboration=协同 communication=沟通 report=报表
reports=报表 dashboard=看板 visualization=可视化 map=地图 location=位置 positioning=定位
employee=员工 employees=员工 staff=员工 recruitment=招聘 hiring=招聘 talent=人才 salary=薪酬
attendance=考勤 office=办公 meeting=会议 project=项目 projects=项目 product=产品 products=产品
design=设计 development=开发 research=研发 innovation=创新 prototype=原型 requirement=需求
requirements=需求 solution=方案 solutions=方案 scenario=场景 scenarios=场景 case=案例 cases=案例
enterprise=企业 company=企业 business=业务 startup=创业 sme=中小企业 market=市场 markets=市场
trade=贸易 export=出口 import=进口 crossborder=跨境 global=全球 rural=乡村 village=乡村
twin=孪生 simulation=仿真 metaverse=元宇宙 drone=无人机 drones=无人机 satellite=卫星 remote=远程
camera=摄像头 cameras=摄像头 lidar=激光雷达 autonomous=自动驾驶 driving=驾驶 navigation=导航
parking=停车 traffic=交通 railway=铁路 aviation=航空 airport=机场 subway=地铁 bus=公交
`;

export const GLOSSARY: ReadonlyMap<string, string> = new Map(
  ENTRIES.trim()
    .split(/\s+/)
    .map((pair) => pair.split('=') as [string, string]),
);

/** A query term with what also satisfies it from the glossary alone: a Latin word and its Chinese, else the term. */
export function glossaryAlternatives(term: string): string[] {
  const zh = hasLatin(term) ? GLOSSARY.get(term) : undefined;
  return zh && zh !== term ? [term, zh] : [term];
}
