# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 the variables dict is closed over by a raw fori_loop body that applies a BatchNorm model in training mode without mutable
"""'lax.fori_loop with BatchNorm': the epoch loop of the CNN tutorial moved into
jax.lax.fori_loop; the train step still calls apply as in the eval code."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(16)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(1)(x)


def main():
    model = MLP()
    x = jnp.linspace(-1.0, 1.0, 32).reshape(16, 2)
    y = jnp.sin(x.sum(-1, keepdims=True))
    variables = model.init(jax.random.key(0), x, train=False)
    params, batch_stats = variables["params"], variables["batch_stats"]
    tx = optax.adam(1e-2)
    opt_state = tx.init(params)

    def loss_fn(params):
        pred = model.apply({"params": params, "batch_stats": batch_stats}, x, train=True)
        return jnp.mean((pred - y) ** 2)

    def body(i, carry):
        params, opt_state = carry
        grads = jax.grad(loss_fn)(params)
        updates, opt_state = tx.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state

    params, opt_state = jax.lax.fori_loop(0, 5, body, (params, opt_state))
    jax.block_until_ready(params)
    return None
