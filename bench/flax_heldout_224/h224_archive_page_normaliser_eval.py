# label: ok
# flax-error: none
# class: 4 DigitisationJob.pipeline.normaliser applies its Linen model in the fori_loop body in eval mode, reading the stored batch statistics only
"""Archive digitisation: normalise scanned page tiles of one archive box before OCR."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import fori_loop


class TileNormaliser(nn.Module):
    width: int = 12

    @nn.compact
    def __call__(self, tile, train: bool):
        h = nn.Dense(self.width)(tile)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.95)(h)
        return tile + nn.Dense(tile.shape[-1])(nn.gelu(h))


@dataclass(frozen=True)
class StageConfig:
    adapt_to_box: bool = False  # use the statistics stored at export time


class NormaliserStage:
    def __init__(self, model, variables, config):
        self.model, self.variables, self.config = model, variables, config

    def run(self, tile):
        return self.model.apply(self.variables, tile, train=self.config.adapt_to_box)


class ScanPipeline:
    def __init__(self, normaliser):
        self.normaliser = normaliser


class DigitisationJob:
    def __init__(self, pipeline, box_id):
        self.pipeline = pipeline
        self.box_id = box_id

    def process_box(self, pages):
        def one_page(i, cleaned):
            tile = self.pipeline.normaliser.run(pages[i])
            return cleaned.at[i].set(tile)

        return fori_loop(0, pages.shape[0], one_page, jnp.zeros_like(pages))


def main():
    pages = jax.random.uniform(jax.random.key(0), (4, 8, 16))  # 4 pages, 8 tiles of 16 pixels
    model = TileNormaliser()
    variables = model.init(jax.random.key(1), pages[0], train=False)
    stage = NormaliserStage(model, variables, StageConfig())
    job = DigitisationJob(ScanPipeline(stage), box_id="BX-1907-044")
    cleaned = job.process_box(pages)
    jax.block_until_ready(cleaned)
    return None
