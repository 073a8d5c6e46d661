FROM node:20-bookworm-slim AS build
# A healthcheck in a build stage does not reach the image.
HEALTHCHECK CMD true

FROM node:20-bookworm-slim
CMD ["node", "-e", "setInterval(() => {}, 1000)"]
