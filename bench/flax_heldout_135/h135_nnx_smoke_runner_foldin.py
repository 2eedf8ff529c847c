# label: ok
# flax-error: none
# class: 5 make_plume_sampler is a factory that draws one key from the nnx.Rngs 'plume' stream when it builds the sampler, which folds the frame index into it; a generic LoopRunner parametrised by (init_fn, step_fn) runs the sampler in lax.fori_loop
"""Wind-tunnel smoke visualisation: a decoder turns latent noise into smoke-plume density
fields, one synthetic frame per loop iteration, to test the image-processing chain."""
from dataclasses import dataclass
from typing import Any, Callable

import jax
import jax.numpy as jnp
import flax.nnx as nnx

fori_loop = jax.lax.fori_loop


class PlumeDecoder(nnx.Module):
    def __init__(self, latent, pixels, rngs: nnx.Rngs):
        self.decode = nnx.Linear(latent, pixels, rngs=rngs)
        self.latent = latent

    def __call__(self, z):
        return nnx.sigmoid(self.decode(z))


@dataclass(frozen=True)
class LoopRunner:
    init_fn: Callable[[], Any]
    step_fn: Callable[[Any, Any], Any]
    n_steps: int

    def run(self):
        return fori_loop(0, self.n_steps, self.step_fn, self.init_fn())


def make_plume_sampler(decoder: PlumeDecoder, rngs: nnx.Rngs):
    key = rngs.plume()

    def step(i, frames):
        z = jax.random.normal(jax.random.fold_in(key, i), (decoder.latent,))
        return frames.at[i].set(decoder(z))

    return step


def main():
    n_frames, pixels = 5, 24
    rngs = nnx.Rngs(params=0, plume=3)
    decoder = PlumeDecoder(latent=6, pixels=pixels, rngs=rngs)
    runner = LoopRunner(
        init_fn=lambda: jnp.zeros((n_frames, pixels)),
        step_fn=make_plume_sampler(decoder, rngs),
        n_steps=n_frames,
    )
    return runner.run()  # (frame, pixel)
