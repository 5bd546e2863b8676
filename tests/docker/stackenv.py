"""What the docker stack tests share."""

from __future__ import annotations

# the variables that choose each service's image (sites/docker_config.py): the tests clear them for the defaults
IMAGE_VARS = (
    "SHOPPING_IMAGE",
    "REDDIT_IMAGE",
    "CLASSIFIEDS_IMAGE",
    "CLASSIFIEDS_DB_IMAGE",
    "WIKIPEDIA_IMAGE",
    "HOMEPAGE_IMAGE",
)
