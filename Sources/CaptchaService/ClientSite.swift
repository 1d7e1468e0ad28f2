/// The site a request is for, as activity counts it. Until requests name their site (sites.json),
/// every request is for `default`.
public enum ClientSite {
  public static let `default` = "default"
}
