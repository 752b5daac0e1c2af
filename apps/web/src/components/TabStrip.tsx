/**
 * Bootstrap's tabs as buttons (role tablist/tab), for a screen that keeps every panel's state itself: switching shows
 * another panel without unmounting what was typed in this one.
 */
export function TabStrip<K extends string>({
  tabs,
  active,
  label,
  onSelect,
}: {
  tabs: readonly K[];
  active: K;
  label: (key: K) => string;
  onSelect: (key: K) => void;
}) {
  return (
    <ul className="nav nav-tabs mb-3" role="tablist">
      {tabs.map((key) => (
        <li key={key} className="nav-item" role="presentation">
          <button
            type="button"
            role="tab"
            aria-selected={active === key}
            className={`nav-link${active === key ? ' active' : ''}`}
            onClick={() => onSelect(key)}
          >
            {label(key)}
          </button>
        </li>
      ))}
    </ul>
  );
}
