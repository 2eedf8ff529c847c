# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the fori_loop body in ActivityScreen.screen reaches the featurizer through self.pipeline.stages["featurizer"] and runs its BatchNorm in training mode
"""Virtual screening of compound plates against a kinase activity model split into named stages."""

import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class Featurizer(nnx.Module):
    def __init__(self, descriptors: int, width: int, rngs: nnx.Rngs):
        self.proj = nnx.Linear(descriptors, width, rngs=rngs)
        self.norm = nnx.BatchNorm(width, rngs=rngs)

    def __call__(self, x):
        return nnx.relu(self.norm(self.proj(x)))


class AssayPipeline:
    def __init__(self, descriptors=10, width=16, seed=0):
        rngs = nnx.Rngs(seed)
        self.stages = {
            "featurizer": Featurizer(descriptors, width, rngs),
            "readout": nnx.Linear(width, 1, rngs=rngs),
        }

    def activity(self, compounds):
        h = self.stages["featurizer"](compounds)
        return jax.nn.sigmoid(self.stages["readout"](h))[..., 0]


class ActivityScreen:
    def __init__(self, pipeline: AssayPipeline, cutoff: float = 0.6):
        self.pipeline = pipeline
        self.cutoff = cutoff

    def screen(self, plates):
        def plate_hits(i, hits):
            h = self.pipeline.stages["featurizer"](plates[i])
            p_active = jax.nn.sigmoid(self.pipeline.stages["readout"](h))[..., 0]
            return hits + jnp.sum(p_active > self.cutoff)

        return lax.fori_loop(0, plates.shape[0], plate_hits, jnp.zeros((), jnp.int32))


def main():
    plates = jax.random.normal(jax.random.key(3), (3, 12, 10))
    screen = ActivityScreen(AssayPipeline())
    hits = screen.screen(plates)
    jax.block_until_ready(hits)
