import CaptchaImaging
import CaptchaKinds
import CaptchaSupport
import VectorRaster

/// How `batch` derives each item's seed and background from (base seed, item index, input list).
/// Nothing else feeds in — not the count, `--jobs`, `--shard` or the machine — so shards run
/// anywhere and compose byte for byte.
///
/// - Seed of item i:
///   `seed_i = SplitMix64(seed: base ^ SplitMix64(seed: UInt64(i)).next()).next() & (2^53 − 1)`,
///   i.e. the index is scrambled by one SplitMix64 step, XORed into the base seed, scrambled again,
///   and kept to 53 bits so it is exact in any JSON parser. `captcha-gen make --seed seed_i` with
///   the same background and options reproduces item i's files exactly.
/// - Background of item i: the inputs in order (`--images`: file names sorted by UTF-8 bytes;
///   `--list`: the order of the lines), item i takes input `i mod inputCount` (round robin, so every
///   input is used equally often). Without inputs, item i uses the procedural background of seed_i,
///   as `make` does.
public enum BatchDerivation {
  /// The largest derived seed, 2^53 − 1.
  public static let seedMask: UInt64 = (1 << 53) - 1

  /// `seed_i` for item `index` of a batch with base seed `base`.
  public static func itemSeed(base: UInt64, index: Int) -> UInt64 {
    precondition(index >= 0, "item index")
    var scramble = SplitMix64(seed: UInt64(index))
    var mix = SplitMix64(seed: base ^ scramble.next())
    return mix.next() & seedMask
  }

  /// The position in the input list of item `index`'s background.
  public static func backgroundIndex(index: Int, inputCount: Int) -> Int {
    precondition(index >= 0 && inputCount > 0, "background index")
    return index % inputCount
  }

  /// The item folder name: the index zero-padded to at least six digits (`000042`), wider only
  /// when the count needs more, so a folder's name does not change with `--count` below a million.
  public static func folderName(index: Int, count: Int) -> String {
    let digits = max(6, String(max(count - 1, 0)).count)
    let s = String(index)
    return String(repeating: "0", count: max(0, digits - s.count)) + s
  }
}
