/** A browser and its system, named from a User-Agent as people know them ("Chrome · Windows"); null if unknown. */
export function describeUserAgent(agent: string | null): string | null {
  if (!agent) return null;
  const browser = [
    [/MicroMessenger\//, 'WeChat'],
    [/Edg\//, 'Edge'],
    [/Firefox\//, 'Firefox'],
    [/Chrome\/|CriOS\//, 'Chrome'],
    [/Version\/\d/, 'Safari'],
  ].find(([pattern]) => (pattern as RegExp).test(agent))?.[1] as string | undefined;
  const system = [
    [/iPhone|iPad|iPod/, 'iOS'],
    [/Android/, 'Android'],
    [/Windows/, 'Windows'],
    [/Mac OS X|Macintosh/, 'macOS'],
    [/Linux|X11/, 'Linux'],
  ].find(([pattern]) => (pattern as RegExp).test(agent))?.[1] as string | undefined;
  return browser || system ? [browser, system].filter(Boolean).join(' · ') : null;
}

/** WeChat's own browser (a link opened in a chat): it signs in and pays by WeChat, and blocks Alipay's pages. */
export function inWechatBrowser(agent: string = navigator.userAgent): boolean {
  return /MicroMessenger/i.test(agent);
}
