/**
 * The catalogue in English: each module's intro and its metrics' names, in the catalogue's order (an English
 * demand's outputs are written from these). A spec holds it complete.
 */
/** The catalogue's units in English (the rest, such as %, ms and Cpk, read the same). */
export const UNITS_EN: Record<string, string> = {
  小时: 'h',
  分钟: 'min',
  个百分点: 'pp',
  天: 'days',
  秒: 's',
  '秒/人': 's per visitor',
  次: 'times',
  工作日: 'working days',
  '分/5': '/5',
  分: 'points',
  倍: '×',
  'ms/件': 'ms per item',
  '%/年': '% a year',
};

export const MODULE_CATALOGUE_EN: Record<string, { intro: string; metrics: string[] }> = {
  'visual-inspection': {
    intro: 'Line cameras and edge inference find surface defects, reject bad parts and trace the batch.',
    metrics: ['Missed-defect rate', 'Inspection cycle time'],
  },
  'predictive-maintenance': {
    intro: 'Vibration, temperature and current feed an equipment health model that warns of failures early.',
    metrics: ['Unplanned downtime reduction', 'Failure warning lead time'],
  },
  mes: {
    intro:
      'Work orders, reporting, materials and process parameters online, with forward and backward traceability.',
    metrics: ['Work-in-progress days reduction', 'Trace report lead time'],
  },
  aps: {
    intro: 'Executable production plans generated from capacity, material and due-date constraints.',
    metrics: ['On-time order delivery', 'Scheduling time'],
  },
  'energy-management': {
    intro: 'Sub-metering and efficiency benchmarks, with production shifted to off-peak tariffs.',
    metrics: ['Energy per unit reduction', 'Peak-hour consumption share reduction'],
  },
  'carbon-accounting': {
    intro: 'Organisation and product carbon footprints computed to standard, with reports generated.',
    metrics: ['Footprint report lead time', 'Data coverage'],
  },
  'digital-twin': {
    intro: '3D models driven by live data simulate line bottlenecks and layout changes.',
    metrics: ['Line balance improvement', 'Simulation deviation'],
  },
  'supplier-collaboration': {
    intro: 'Purchase orders, due dates and quality data shared online, with supplier scorecards.',
    metrics: ['On-time inbound supply', 'Procurement cycle reduction'],
  },
  'quality-spc': {
    intro: 'Key process parameters monitored live with control-chart alerts and closed-loop quality issues.',
    metrics: ['Process capability index', 'Quality issue closure time'],
  },
  'warehouse-wms': {
    intro:
      'Bins, batches and first-in-first-out, scan-based receiving and picking, stock that matches the books.',
    metrics: ['Inventory accuracy', 'Picking productivity gain'],
  },
  'demand-forecasting': {
    intro: 'Forecasts demand by store and product from sales history, promotions and weather.',
    metrics: ['Forecast accuracy', 'Stock-out reduction'],
  },
  'auto-replenishment': {
    intro: 'Replenishment proposals from forecasts and safety stock, cutting stock-outs and overstock.',
    metrics: ['Inventory days reduction', 'Stock-out rate'],
  },
  'member-marketing': {
    intro: 'Member segments and profiles with automated outreach and benefits that drive repeat purchases.',
    metrics: ['Repeat purchase lift', 'Campaign conversion'],
  },
  'pricing-optimization': {
    intro:
      'Price recommendations from stock, competitors and demand elasticity, balancing margin and volume.',
    metrics: ['Gross margin lift', 'Near-expiry waste reduction'],
  },
  'omnichannel-order': {
    intro: 'Online and offline orders in one hub, fulfilled together from shared stock.',
    metrics: ['Order fulfilment time', 'Oversell rate'],
  },
  'store-operations': {
    intro: 'Store visits, tasks and display checks online, with store metrics live.',
    metrics: ['Store issue fix rate', 'Sales per square metre lift'],
  },
  'customer-service-bot': {
    intro:
      'Knowledge-base answers and ticket routing: common questions answered, complex ones handed to people.',
    metrics: ['Self-service resolution', 'Average response time'],
  },
  'review-analytics': {
    intro: 'Sentiment and topic analysis of reviews and feedback that pinpoints product and service issues.',
    metrics: ['Issue detection time', 'Satisfaction lift'],
  },
  'credit-scoring': {
    intro: 'Multi-source models assess borrower credit and automate approvals.',
    metrics: ['Approval time', 'Bad-debt reduction'],
  },
  'anti-fraud': {
    intro: 'Rules and models catch abnormal transactions and fraud rings, blocking in milliseconds.',
    metrics: ['Fraud loss reduction', 'Blocking latency'],
  },
  'aml-monitoring': {
    intro:
      'Transaction monitoring, suspicious-activity reports and due diligence as workflows that meet regulation.',
    metrics: ['False alert reduction', 'Suspicious report lead time'],
  },
  collections: {
    intro: 'Collection strategies by risk tier, with compliant scripts and automated outreach.',
    metrics: ['Overdue recovery lift', 'Staff cost reduction'],
  },
  'invoice-automation': {
    intro: 'Invoice recognition, verification and automatic booking, with less manual entry.',
    metrics: ['Document handling time reduction', 'Recognition accuracy'],
  },
  'cash-forecasting': {
    intro: 'Receivables, payables and operating data roll into cash-flow and funding-gap forecasts.',
    metrics: ['Forecast deviation', 'Idle cash reduction'],
  },
  'supply-chain-finance': {
    intro: 'Receivables financing on real trade, extending the core company’s credit down the chain.',
    metrics: ['Financing lead time', 'Small supplier funding cost reduction'],
  },
  'insurance-claims': {
    intro: 'Automatic document reading and loss assessment help, with small claims paid fast.',
    metrics: ['Small-claim settlement time', 'Claims leakage reduction'],
  },
  'route-optimization': {
    intro: 'Delivery routes planned automatically within time windows, loads and traffic.',
    metrics: ['Daily deliveries per vehicle lift', 'Mileage reduction'],
  },
  tms: {
    intro: 'Waybills, carriers, in-transit tracking and settlement in one system.',
    metrics: ['In-transit visibility', 'Freight settlement cycle reduction'],
  },
  'cold-chain-monitoring': {
    intro: 'Temperature and humidity recorded end to end with breach alerts and a traceable record.',
    metrics: ['Temperature breach response time', 'Spoilage reduction'],
  },
  'yard-scheduling': {
    intro: 'Booked arrivals, dock assignment and yard stacking that cut queues and rehandling.',
    metrics: ['Vehicle waiting time reduction', 'Rehandling reduction'],
  },
  'last-mile': {
    intro: 'Depots, pick-up points and couriers coordinated, with delivery and exceptions reported live.',
    metrics: ['On-time delivery', 'Complaint reduction'],
  },
  'network-planning': {
    intro: 'Warehouse network and lane layout optimised from demand and cost models.',
    metrics: ['Total logistics cost reduction', 'Lead-time compliance'],
  },
  'clinical-decision': {
    intro: 'Guideline and knowledge-base prompts for diagnosis, treatment and medication risks.',
    metrics: ['Medication error reduction', 'Record quality pass rate'],
  },
  'medical-imaging': {
    intro: 'Lesion detection and structured reports that assist image reading.',
    metrics: ['Reading time reduction', 'Lesion detection sensitivity'],
  },
  'hospital-operations': {
    intro: 'Beds, rosters, consumables and costs managed together.',
    metrics: ['Bed turnover lift', 'Consumables cost reduction'],
  },
  'chronic-care': {
    intro: 'Follow-ups, indicator monitoring and health interventions that continue after discharge.',
    metrics: ['Follow-up completion', 'Indicator control lift'],
  },
  'pharmacy-supply': {
    intro: 'Drug batches and their flow traced end to end, with expiry and recall management.',
    metrics: ['Traceability coverage', 'Near-expiry loss reduction'],
  },
  'adaptive-learning': {
    intro: 'Diagnosis of each learner’s level drives practice and learning paths.',
    metrics: ['Practice accuracy lift', 'Effective study time'],
  },
  'homework-grading': {
    intro:
      'Objective questions graded automatically, open ones scored with help, learning reports generated.',
    metrics: ['Grading time reduction', 'Scoring consistency'],
  },
  'campus-management': {
    intro: 'Timetabling, attendance, school-parent messages and assets online.',
    metrics: ['Timetabling time reduction', 'Parent notice reach'],
  },
  'vocational-training': {
    intro: 'Courses, practice and certification in one place, with measurable training results.',
    metrics: ['Training completion', 'Assessment pass lift'],
  },
  'precision-farming': {
    intro: 'Soil, weather and crop monitoring with variable-rate fertilising and irrigation.',
    metrics: ['Fertiliser use reduction', 'Yield per mu lift'],
  },
  'smart-livestock': {
    intro: 'Barn monitoring, precise feeding and early disease warnings.',
    metrics: ['Feed conversion improvement', 'Mortality reduction'],
  },
  'agri-traceability': {
    intro: 'Farming, processing and distribution recorded, one code per item to look up.',
    metrics: ['Trace record completeness', 'Brand premium lift'],
  },
  'pest-detection': {
    intro: 'Image recognition of pests and diseases with weather-aware treatment advice.',
    metrics: ['Recognition accuracy', 'Pesticide use reduction'],
  },
  'pv-operations': {
    intro: 'Module-level monitoring, fault diagnosis and better cleaning schedules.',
    metrics: ['Generation lift', 'Fault handling time reduction'],
  },
  'load-forecasting': {
    intro: 'Short-term and very-short-term load forecasts for dispatch and trading.',
    metrics: ['Day-ahead forecast accuracy', 'Deviation penalty reduction'],
  },
  'grid-inspection': {
    intro: 'Drone and robot patrols with automatic defect detection and work orders.',
    metrics: ['Inspection productivity', 'Defect detection lift'],
  },
  'water-leakage': {
    intro: 'District metering and pressure management that locate leaks fast.',
    metrics: ['Non-revenue water reduction', 'Leak location time'],
  },
  'energy-storage': {
    intro: 'Charge and discharge strategies for peak shaving and demand response.',
    metrics: ['Peak-valley arbitrage lift', 'Battery degradation'],
  },
  'central-kitchen': {
    intro: 'Semi-finished products made to the stores’ orders, with one recipe, batch and output standard.',
    metrics: ['Ingredient waste reduction', 'Store order fill rate'],
  },
  'menu-analytics': {
    intro: 'Sales and margin of each dish by store and time of day, to shape the menu and set meals.',
    metrics: ['Dish margin lift', 'Slow-seller share reduction'],
  },
  'smart-ordering': {
    intro: 'Scan-to-order, online queue numbers and delivery orders in one kitchen flow, with shorter waits.',
    metrics: ['Peak waiting time reduction', 'Table turnover lift'],
  },
  'one-stop-service': {
    intro: 'Standard materials and shared data let citizens finish a service online in one go.',
    metrics: ['Fully online share', 'Processing time cut'],
  },
  'grid-governance': {
    intro: 'Grid workers report, events are dispatched and closed, and the city runs on one screen.',
    metrics: ['On-time event closure', 'Event handling time reduction'],
  },
  'hotline-dispatch': {
    intro:
      'Hotline requests classified, dispatched and followed up, with frequent issues tackled at the source.',
    metrics: ['Dispatch accuracy', 'Request satisfaction lift'],
  },
  'bim-collaboration': {
    intro: 'Design, construction and operation share one BIM model, with clash checks and changes online.',
    metrics: ['Design change reduction', 'Clashes found before building'],
  },
  'smart-site': {
    intro: 'Worker registration, crane and dust monitoring and helmet detection that flag site risks live.',
    metrics: ['Hazard fix rate', 'Attendance accuracy'],
  },
  'project-control': {
    intro: 'Schedules, materials and subcontract settlement online, with deviations flagged.',
    metrics: ['Schedule deviation', 'Over-budget project share reduction'],
  },
  'visitor-flow': {
    intro: 'Timed booking, live crowd heat maps and capacity alerts that spread visitors out.',
    metrics: ['Peak crowding complaint reduction', 'Booked entry share'],
  },
  'smart-ticketing': {
    intro: 'Online sales, channel distribution and face-scan entry, settled from one ticket ledger.',
    metrics: ['Online ticket share', 'Entry check time'],
  },
  'smart-guide': {
    intro: 'Audio guides, personal routes and questions answered about the exhibits.',
    metrics: ['Guide usage', 'Average visit length lift'],
  },
  'hotel-revenue': {
    intro:
      'Room rates and channel allotments adjusted to forecast demand, for occupancy and revenue per room.',
    metrics: ['Occupancy lift', 'Revenue per room lift'],
  },
  'data-platform': {
    intro: 'Data collection, governance and one set of metrics, as reusable data assets.',
    metrics: ['Metric consistency', 'Report lead time reduction'],
  },
  'bi-dashboard': {
    intro: 'Business metrics live, with anomaly alerts and drill-down.',
    metrics: ['Decision data freshness', 'Manual reporting hours reduction'],
  },
  'workflow-automation': {
    intro: 'Approvals and repetitive steps done by a workflow engine and bots.',
    metrics: ['Process time reduction', 'Manual error reduction'],
  },
  'knowledge-base': {
    intro: 'Documents and know-how structured, searchable and answerable.',
    metrics: ['Search time reduction', 'Knowledge reuse'],
  },
  'iot-platform': {
    intro: 'Multi-protocol device connection, data collection and remote management.',
    metrics: ['Devices online', 'Collection latency'],
  },
  'video-analytics': {
    intro: 'Camera video analysed live for people, behaviour and safety hazards.',
    metrics: ['Hazard recognition accuracy', 'Alert response time'],
  },
  'safety-management': {
    intro: 'Hazard checks, work permits and emergency management in a closed loop.',
    metrics: ['Hazard closure rate', 'Accident reduction'],
  },
  crm: {
    intro:
      'Leads, opportunities and customers managed across their life cycle, with the sales pipeline visible.',
    metrics: ['Lead conversion lift', 'Sales cycle reduction'],
  },
  'hr-analytics': {
    intro: 'Hiring, performance and productivity analysis, talent reviews and attrition warnings.',
    metrics: ['Key talent attrition reduction', 'Time-to-hire reduction'],
  },
  'contract-management': {
    intro: 'Contract drafting, approval and fulfilment, with risky clauses reviewed automatically.',
    metrics: ['Contract review time reduction', 'Late fulfilment reduction'],
  },
  'procurement-sourcing': {
    intro: 'Demand pooling, price comparison and tenders online, with transparent purchase costs.',
    metrics: ['Purchase cost reduction', 'Sourcing cycle reduction'],
  },
  'ai-assistant': {
    intro: 'A conversational assistant on company knowledge and systems that drafts and answers.',
    metrics: ['Common task time reduction', 'Answer acceptance'],
  },
  'privacy-security': {
    intro: 'Data classification, masking and access audits that meet personal-information law.',
    metrics: ['Sensitive data coverage', 'Unauthorised access incidents'],
  },
  'mobile-app': {
    intro: 'A mobile entry for staff or customers, to get business done anywhere.',
    metrics: ['Mobile transaction share', 'User satisfaction'],
  },
};
