# label: same-values
# flax-error: none
# class: 5 GlidePath's scan body calls an nn.remat-wrapped Turbulence submodule that draws make_rng('wind') on every call
"""Flight-path sampling for a falconry display: how far does the bird drift per wing-beat.

The turbulence block is rematerialised (it is reused in a much longer training graph); the
glide path scans it over the wing-beats and returns the heading for every beat.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class Turbulence(nn.Module):
    @nn.compact
    def __call__(self, heading):
        scale = self.param("scale", nn.initializers.constant(0.2), ())
        gust = jax.random.normal(self.make_rng("wind"), heading.shape)
        return heading + scale * gust


RematTurbulence = nn.remat(Turbulence)


class GlidePath(nn.Module):
    def setup(self):
        self.turbulence = RematTurbulence()

    def warmup(self, heading):
        return self.turbulence(heading)

    def __call__(self, heading, beats: int):
        def beat(carry, _):
            return carry, self.turbulence(heading)

        _, headings = scan(beat, None, None, length=beats)
        return headings


def main():
    model = GlidePath()
    heading = jnp.array([0.0, 1.0, 0.5])
    rngs = {"params": jax.random.key(0), "wind": jax.random.key(1)}
    variables = model.init(rngs, heading, method=GlidePath.warmup)
    return model.apply(variables, heading, 6, rngs={"wind": jax.random.key(7)})
