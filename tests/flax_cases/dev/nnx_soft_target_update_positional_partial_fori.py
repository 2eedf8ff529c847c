# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 a soft (Polyak) target update bound to the outside online and target modules by a positional functools.partial is the raw fori_loop body; it calls nnx.update on the target
import functools

import jax
import jax.numpy as jnp
from flax import nnx

def polyak(online, target, i, tau):
    mixed = jax.tree.map(
        lambda o, t: tau * o + (1.0 - tau) * t,
        nnx.state(online, nnx.Param),
        nnx.state(target, nnx.Param),
    )
    nnx.update(target, mixed)
    return tau

def main():
    online = nnx.Linear(4, 2, rngs=nnx.Rngs(0))
    target = nnx.Linear(4, 2, rngs=nnx.Rngs(1))
    body = functools.partial(polyak, online, target)
    jax.lax.fori_loop(0, 3, body, jnp.float32(0.05))
