# The container image (tools/image/Dockerfile, FROM scratch; docs/container.md). `make test-image`
# (make/test.mk) tests one built from the debug binaries.

IMAGE        ?= captcha-gen:latest
IMAGE_CONFIG ?= release
DOCKERD       = $(CURDIR)/tools/image/dockerd.sh

##@ Image

.PHONY: image image-binaries

image-binaries: build-deps
	$(SWIFT) build -c $(IMAGE_CONFIG) --product captcha-gen
	$(SWIFT) build -c $(IMAGE_CONFIG) --product captcha-gen-serve

# dockerd (Debian's docker.io) is started when none answers, and left running with the image in it.
image: image-binaries docker-deps ## the OCI image of the IMAGE_CONFIG binaries, tagged IMAGE
	@$(DOCKERD) start
	tools/image/build.sh .build/$(IMAGE_CONFIG) $(IMAGE)
