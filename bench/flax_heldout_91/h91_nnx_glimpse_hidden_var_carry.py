# label: ok
# flax-error: none
# class: 2 bound method self.step is the raw scan body; the core's hidden state travels in the scan carry and is written to the module's nnx.Variable once after the loop
"""Recurrent attention model (RAM, Mnih et al. 2014) in NNX: glimpse sensor + GRU core kept as a
stateful module (hidden state stored on the module so it can be read between episodes)."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class CoreState(nnx.Variable):
    pass


def retina(image, loc, size=6):
    h, w = image.shape
    c = ((loc + 1.0) / 2.0 * jnp.array([h - size, w - size])).astype(jnp.int32)
    return lax.dynamic_slice(image, (c[0], c[1]), (size, size)).reshape(-1)


class RAM(nnx.Module):
    def __init__(self, hidden=32, n_glimpses=4, *, rngs: nnx.Rngs):
        self.glimpse = nnx.Linear(36 + 2, hidden, rngs=rngs)
        self.core = nnx.GRUCell(hidden, hidden, rngs=rngs)
        self.locator = nnx.Linear(hidden, 2, rngs=rngs)
        self.head = nnx.Linear(hidden, 10, rngs=rngs)
        self.h = CoreState(jnp.zeros((hidden,)))
        self.n_glimpses = n_glimpses

    def step(self, carry, image):
        h, loc = carry
        g = nnx.relu(self.glimpse(jnp.concatenate([retina(image, loc), loc])))
        h, _ = self.core(h, g)
        loc = jnp.tanh(self.locator(h))
        return (h, loc), loc

    def __call__(self, image):
        images = jnp.broadcast_to(image, (self.n_glimpses,) + image.shape)
        (h, _), locs = lax.scan(self.step, (jnp.zeros_like(self.h.value), jnp.zeros((2,))), images)
        self.h.value = h
        return self.head(h), locs


def main():
    model = RAM(rngs=nnx.Rngs(0))
    image = jax.random.uniform(jax.random.PRNGKey(1), (28, 28))
    logits, locs = model(image)
    logits.block_until_ready()
    return None
