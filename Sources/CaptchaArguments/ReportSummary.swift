/// What both binaries say about `report`: captcha-gen lists it and hands it to the serve binary,
/// which runs it (it reads PostgreSQL or asks a serve over HTTP; captcha-gen links neither).
public enum ReportSummary {
  /// The subcommand's name under `captcha-gen`, and the first argument the serve binary gets for it.
  public static let commandName = "report"

  /// The one-line abstract listed under SUBCOMMANDS and at the top of report's own help.
  public static let abstract =
    "Print the funnel of a period per site, kind, look and audience: issued, passed, failed, abandoned, siteverify."
}
