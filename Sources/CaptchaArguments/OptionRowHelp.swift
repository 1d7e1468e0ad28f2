import ArgumentParser
import CaptchaKit

extension ArgumentHelp {
  /// The help of a captcha option, from its row in `OptionTable`, other options named as flags.
  public static func row(_ option: CaptchaOption) -> ArgumentHelp {
    let row = OptionTable.row(option)
    return ArgumentHelp(CommandLineWording.text(row.help), valueName: row.valueName)
  }
}
