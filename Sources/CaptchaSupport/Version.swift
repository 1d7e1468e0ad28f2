/// The product version recorded in answer.json (`generator`); part of the determinism contract.
public enum CaptchaKitVersion {
  public static let string = "0.1.0"
  public static let generator = "captcha-gen \(string)"
}
