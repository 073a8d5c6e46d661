FROM node:24-bookworm-slim AS build
# A healthcheck in a build stage does not reach the image.
HEALTHCHECK CMD true

FROM node:24-bookworm-slim
CMD ["node", "-e", "setInterval(() => {}, 1000)"]
