# label: ok
# flax-error: none
# class: 1 the scan body is a closure inside the NNX __call__; the streaming state travels in the scan carry and is written to the nnx.Cache attribute once after the loop
"""Streaming speech enhancement with a diagonal linear recurrent unit (LRU / S5-style SSM).
Audio arrives in chunks; the recurrent state is kept between chunks."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class StreamingLRU(nnx.Module):
    def __init__(self, d_model: int, d_state: int, batch: int, *, rngs: nnx.Rngs):
        r = jax.random.uniform(rngs.params(), (d_state,), minval=0.9, maxval=0.999)
        self.nu_log = nnx.Param(jnp.log(-jnp.log(r)))
        self.B = nnx.Linear(d_model, d_state, use_bias=False, rngs=rngs)
        self.C = nnx.Linear(d_state, d_model, rngs=rngs)
        self.D = nnx.Param(jnp.ones((d_model,)))
        self.state = nnx.Cache(jnp.zeros((batch, d_state)))

    def __call__(self, chunk):  # chunk: [frames, batch, d_model]
        lam = jnp.exp(-jnp.exp(self.nu_log.value))

        def frame_step(h, x):
            h = lam * h + self.B(x)
            return h, self.C(h) + self.D.value * x

        h_last, ys = lax.scan(frame_step, self.state.value, chunk)
        self.state.value = h_last  # keep the latest state for the next chunk
        return ys


class Enhancer(nnx.Module):
    def __init__(self, n_bins: int, d_model: int, d_state: int, batch: int, *, rngs):
        self.inp = nnx.Linear(n_bins, d_model, rngs=rngs)
        self.lru = StreamingLRU(d_model, d_state, batch, rngs=rngs)
        self.mask = nnx.Linear(d_model, n_bins, rngs=rngs)

    def __call__(self, spec_chunk):
        return nnx.sigmoid(self.mask(self.lru(self.inp(spec_chunk)))) * spec_chunk


def main():
    batch, n_bins = 2, 32
    model = Enhancer(n_bins, 16, 24, batch, rngs=nnx.Rngs(0))
    audio = jnp.abs(jax.random.normal(jax.random.key(1), (3, 10, batch, n_bins)))
    for chunk in audio:
        enhanced = model(chunk)
    jax.block_until_ready(enhanced)
    return None
