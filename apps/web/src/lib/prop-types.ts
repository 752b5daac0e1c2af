/**
 * Stands in for the prop-types package in the build (vite.config.ts): React 19 no longer reads components'
 * propTypes, so React-Bootstrap's declarations need only something to call, not the 600 bytes of checks.
 */
type Check = (() => null) & { isRequired: Check };
const check = (() => null) as Check;
check.isRequired = check;
const makeCheck = () => check;

const PropTypes = new Proxy({} as Record<string, unknown>, {
  get: (_, name) =>
    name === 'checkPropTypes' || name === 'resetWarningCache'
      ? () => undefined
      : ['shape', 'exact', 'oneOf', 'oneOfType', 'arrayOf', 'objectOf', 'instanceOf'].includes(String(name))
        ? makeCheck
        : check,
});

export default PropTypes;
