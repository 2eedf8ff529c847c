# label: trace-context
# flax-error: TraceContextError: Cannot mutate OptArray from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 nnx.Optimizer with optax.inject_hyperparams closed over by the raw scan body; lr set and update applied per step
"""Learning-rate range test in NNX: sweep the lr stored in the optimizer's hyperparams inside lax.scan."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


def main():
    model = nnx.Linear(3, 1, rngs=nnx.Rngs(0))
    tx = optax.chain(optax.clip(1.0), optax.inject_hyperparams(optax.sgd)(learning_rate=1e-4))
    optimizer = nnx.Optimizer(model, tx, wrt=nnx.Param)
    x = jnp.ones((8, 3))
    y = jnp.ones((8, 1))
    lrs = jnp.logspace(-4, 0, 6)

    def loss_fn(m):
        return jnp.mean((m(x) - y) ** 2)

    def probe(carry, lr):
        optimizer.opt_state[1].hyperparams["learning_rate"].value = lr
        loss, grads = nnx.value_and_grad(loss_fn)(model)
        optimizer.update(model, grads)
        return carry, loss

    _, losses = jax.lax.scan(probe, None, lrs)
    return None
