// CaptchaKit is the library users import: it re-exports every layer, so `import CaptchaKit`
// gives the whole public API (see docs/ARCHITECTURE.md for what lives in which layer).
@_exported import CaptchaBatch
@_exported import CaptchaCheck
@_exported import CaptchaCompare
@_exported import CaptchaImaging
@_exported import CaptchaKinds
@_exported import CaptchaSupport
@_exported import VectorRaster
