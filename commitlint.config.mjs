// Commit messages (CONTRIBUTING in docs/contributing.md): a subject of at most 72 characters that says what changed,
// a blank line, and a body that says why, with the figures. Checked by .ci/run on the commits it is given.
export default {
  rules: {
    'header-max-length': [2, 'always', 72],
    'header-trim': [2, 'always'],
    'body-leading-blank': [2, 'always'],
    'body-empty': [2, 'never'],
  },
};
