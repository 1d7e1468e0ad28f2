/// `/admin/dashboard.css`: the dashboard's one stylesheet (served by serve itself, so a strict
/// Content-Security-Policy with `style-src 'self'` allows it). Colours keep 4.5:1 contrast; focus is
/// always visible.
enum DashboardStyle {
  static let css = """
    :root { color-scheme: light; font-family: system-ui, sans-serif; color: #1a1a1a; background: #ffffff; }
    body { margin: 0 auto; max-width: 1400px; padding: 0 16px 32px; }
    header { display: flex; flex-wrap: wrap; align-items: center; gap: 12px 24px; border-bottom: 1px solid #cccccc; }
    header h1 { font-size: 1.3rem; margin: 12px 0; }
    form { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; }
    input, select, button { font: inherit; padding: 4px 8px; border: 1px solid #595959; border-radius: 4px; background: #ffffff; color: inherit; }
    button { background: #0b57d0; border-color: #0b57d0; color: #ffffff; cursor: pointer; }
    :focus-visible { outline: 3px solid #b3261e; outline-offset: 2px; }
    .period { color: #444444; }
    section { margin-top: 24px; }
    h2 { font-size: 1.2rem; border-bottom: 1px solid #e0e0e0; padding-bottom: 4px; }
    h3 { font-size: 1rem; margin: 16px 0 4px; }
    .charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(420px, 1fr)); gap: 8px 24px; }
    svg.chart { width: 100%; max-width: 640px; height: auto; font-size: 11px; }
    svg.chart text { fill: #333333; }
    .table { overflow-x: auto; }
    table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
    caption { text-align: left; color: #444444; padding: 4px 0; }
    th, td { border: 1px solid #d0d0d0; padding: 4px 8px; text-align: right; white-space: nowrap; }
    thead th { background: #f2f2f2; }
    tbody th, td:nth-child(2), td:nth-child(3) { text-align: left; }
    .login { max-width: 420px; margin: 64px auto; }
    .login form { flex-direction: column; align-items: stretch; }
    .error { color: #b3261e; font-weight: 600; }
    @media (prefers-color-scheme: dark) {
      :root { color-scheme: dark; color: #eeeeee; background: #121212; }
      input, select { background: #1e1e1e; border-color: #9e9e9e; }
      .period, caption { color: #cccccc; }
      thead th { background: #262626; }
      th, td { border-color: #444444; }
      svg.chart { background: #ffffff; border-radius: 4px; }
      :focus-visible { outline-color: #f2b8b5; }
    }
    """
}
