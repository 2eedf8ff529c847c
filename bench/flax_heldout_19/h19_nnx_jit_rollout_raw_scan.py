# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 an nnx.jit-compiled loss runs a raw jax.lax.scan whose body calls the jit argument model, which holds a Dropout with its own Rngs
"""Recurrent world-model rollout loss, jitted with `nnx.jit`, time loop with `jax.lax.scan`.

Modelled on google/flax#4722 (NNX training with scan and jit) and google/flax#4151 (Dropout
with its own Rngs under `jax.lax.scan`): the model enters the compiled function through
`nnx.jit`, and the rollout inside it uses a plain `jax.lax.scan`.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class Dynamics(nnx.Module):
    def __init__(self, width, *, rngs: nnx.Rngs):
        self.cell = nnx.Linear(2 * width, width, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)

    def __call__(self, h, a):
        return jnp.tanh(self.drop(self.cell(jnp.concatenate([h, a], axis=-1))))


@nnx.jit
def rollout_loss(model, h0, actions):
    def body(h, a):
        h = model(h, a)
        return h, h

    _, hs = jax.lax.scan(body, h0, actions)
    return jnp.mean(hs ** 2)


def main():
    model = Dynamics(4, rngs=nnx.Rngs(0))
    model.train()
    actions = jax.random.normal(jax.random.key(1), (5, 2, 4))
    loss = rollout_loss(model, jnp.zeros((2, 4)), actions)
    loss.block_until_ready()
    return None
