// Every kind and what they share, under one name: the layers above import CaptchaKinds, while each
// kind's target sees only the layers below it (Package.swift states them; the compiler holds them).
@_exported import CaptchaHoles
@_exported import CaptchaKindCore
@_exported import CaptchaPattern
@_exported import CaptchaPreview
@_exported import CaptchaRotate
@_exported import CaptchaSlide
