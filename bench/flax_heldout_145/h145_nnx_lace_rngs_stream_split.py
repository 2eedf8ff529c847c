# label: ok
# flax-error: none
# class: 2 sample_variants draws one key from its local nnx.Rngs 'jitter' stream, splits it before the while_loop and the body indexes the split keys
"""Lace design tool: jitter a ground pattern until enough candidate variants are drawn.

Designers ask for n variants of a pattern; each variant perturbs the pin positions with noise
from the 'jitter' stream before the pattern model smooths them.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class PinSmoother(nnx.Module):
    def __init__(self, pins: int, rngs: nnx.Rngs):
        self.mix = nnx.Linear(pins, pins, rngs=rngs)

    def __call__(self, pins):
        return pins + 0.1 * nnx.tanh(self.mix(pins))


def sample_variants(model: PinSmoother, rngs: nnx.Rngs, pattern, n: int):
    out = jnp.zeros((n,) + pattern.shape)
    keys = jax.random.split(rngs.jitter(), n)

    def cond(state):
        return state[0] < n

    def body(state):
        i, out = state
        jitter = 0.05 * jax.random.normal(keys[i], pattern.shape)
        return i + 1, out.at[i].set(model(pattern + jitter))

    _, out = lax.while_loop(cond, body, (0, out))
    return out


def main():
    model = PinSmoother(10, nnx.Rngs(params=0))
    rngs = nnx.Rngs(jitter=42)
    pattern = jnp.linspace(0.0, 1.0, 10)
    variants = sample_variants(model, rngs, pattern, n=4)
    print("variant spread", float(jnp.std(variants, axis=0).mean()))
    return variants
