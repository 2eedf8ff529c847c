# label: ok
# flax-error: none
# class: 3 functools.partial binds model.apply and the variables; the body folds the step index into the noise key for each refinement
"""Slot attention with iterative refinement and noisy slot updates (slot jitter)."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


class SlotRefine(nn.Module):
    slot_dim: int = 16
    jitter: float = 0.1

    @nn.compact
    def __call__(self, slots, inputs):
        q = nn.Dense(self.slot_dim, use_bias=False, name='q')(nn.LayerNorm()(slots))
        k = nn.Dense(self.slot_dim, use_bias=False, name='k')(inputs)
        v = nn.Dense(self.slot_dim, use_bias=False, name='v')(inputs)
        attn = jax.nn.softmax(q @ k.T / jnp.sqrt(self.slot_dim), axis=0)
        attn = attn / attn.sum(-1, keepdims=True)
        updates = attn @ v
        slots, _ = nn.GRUCell(self.slot_dim)(slots, updates)
        noise = jax.random.normal(self.make_rng('noise'), slots.shape)
        return slots + self.jitter * noise, noise


def refine(step_fn, slots, inputs, key, n_iters):
    def body(s, i):
        s, noise = step_fn(s, inputs, rngs={'noise': jax.random.fold_in(key, i)})
        return s, noise

    return jax.lax.scan(body, slots, jnp.arange(n_iters))


def main():
    model = SlotRefine()
    inputs = jax.random.normal(jax.random.PRNGKey(1), (20, 16))
    slots = jax.random.normal(jax.random.PRNGKey(2), (4, 16))
    variables = model.init({'params': jax.random.PRNGKey(0), 'noise': jax.random.PRNGKey(0)}, slots, inputs)
    step = functools.partial(model.apply, variables)
    _, noise = refine(step, slots, inputs, jax.random.PRNGKey(5), n_iters=5)
    return noise
