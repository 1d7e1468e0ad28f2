import CaptchaKit

print("captcha-bench \(CaptchaKitVersion.string)")
