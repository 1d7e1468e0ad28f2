extension AnalyticsReport {
  /// The report of `period` read from `store`, for `sitekey` (nil: every site). `knownSites` are the
  /// site keys a report may name (nil: those the store has ever counted, when reading a store
  /// alone); another throws `AnalyticsReportError.unknownSite`. Throws the store's
  /// `ChallengeStoreUnavailable`.
  public static func read(
    from store: any AnalyticsStore, sitekey: String?, period: AnalyticsPeriod, knownSites: [String]?
  ) async throws -> AnalyticsReport {
    let (from, to) = period.buckets
    if let sitekey, let knownSites, !knownSites.contains(sitekey) {
      throw AnalyticsReportError.unknownSite(sitekey)
    }
    let counts = try await store.analytics(site: sitekey, from: from, to: to)
    if let sitekey, knownSites == nil, counts.isEmpty, !(try await store.analyticsSites().contains(sitekey)) {
      throw AnalyticsReportError.unknownSite(sitekey)
    }
    return AnalyticsReport(counts: counts, period: period, sitekey: sitekey)
  }
}

extension ChallengeService {
  /// The funnel of `period` for the site of `sitekey` (nil: every site), from this service's
  /// analytics (every instance's, with a shared store). Throws `AnalyticsReportError.unknownSite`
  /// for a key no site has, or the store's `ChallengeStoreUnavailable`.
  public func report(sitekey: String?, period: AnalyticsPeriod) async throws -> AnalyticsReport {
    try await AnalyticsReport.read(
      from: analytics, sitekey: sitekey, period: period, knownSites: sites.sites.map(\.sitekey))
  }
}
