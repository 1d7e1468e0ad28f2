/// The test keys Turnstile, hCaptcha and reCAPTCHA publish, as test sites (`serve --test-keys`), so a
/// site's CI that uses a library's default test keys keeps working against captcha-gen. Like
/// `TestKeys`, any page may use their site keys, and siteverify with their secrets answers the same
/// whatever the token, consuming nothing. Never in production: the whole world knows them.
public enum ServiceTestKeys {
  /// Turnstile's site key whose widget always passes, and its secret that always passes.
  public static let turnstilePassSitekey = "1x00000000000000000000AA"
  public static let turnstilePassSecret = "1x0000000000000000000000000000000AA"
  /// Turnstile's site key that always blocks, and its secret that always fails.
  public static let turnstileFailSitekey = "2x00000000000000000000AB"
  public static let turnstileFailSecret = "2x0000000000000000000000000000000AA"
  /// hCaptcha's test site key and secret (siteverify passes).
  public static let hcaptchaSitekey = "10000000-ffff-ffff-ffff-000000000001"
  public static let hcaptchaSecret = "0x0000000000000000000000000000000000000000"
  /// reCAPTCHA's test site key and secret (siteverify passes).
  public static let recaptchaSitekey = "6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI"
  public static let recaptchaSecret = "6LeIxAcTAAAAAGG-vFI1TnRWxMZNFuojJ4WifJWe"

  static let sites = [
    testSite(turnstilePassSitekey, turnstilePassSecret, .pass),
    testSite(turnstileFailSitekey, turnstileFailSecret, .fail),
    testSite(hcaptchaSitekey, hcaptchaSecret, .pass),
    testSite(recaptchaSitekey, recaptchaSecret, .pass),
  ]

  static func testSite(_ sitekey: String, _ secret: String, _ verdict: Site.TestVerdict) -> Site {
    Site(sitekey: sitekey, secrets: [SiteSecret(secret: secret)], hostnames: .any, testVerdict: verdict)
  }
}
