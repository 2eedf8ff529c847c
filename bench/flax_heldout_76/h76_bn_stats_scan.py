# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 params and batch_stats in the scan carry, but apply is called without mutable=['batch_stats'] inside the body
"""How to update batch_stats inside lax.scan? First attempt: the whole
epoch is a jax.lax.scan over minibatches."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(32)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(1)(x)


def main():
    model = MLP()
    xs = jax.random.normal(jax.random.key(1), (5, 16, 4))
    ys = jnp.sum(xs, -1, keepdims=True)
    variables = model.init(jax.random.key(0), xs[0], train=False)
    tx = optax.adam(1e-3)
    opt_state = tx.init(variables["params"])

    def train_step(carry, batch):
        params, batch_stats, opt_state = carry
        x, y = batch

        def loss_fn(p):
            pred = model.apply({"params": p, "batch_stats": batch_stats}, x, train=True)
            return jnp.mean((pred - y) ** 2)

        loss, grads = jax.value_and_grad(loss_fn)(params)
        updates, opt_state = tx.update(grads, opt_state)
        params = optax.apply_updates(params, updates)
        return (params, batch_stats, opt_state), loss

    carry = (variables["params"], variables["batch_stats"], opt_state)
    carry, losses = jax.lax.scan(train_step, carry, (xs, ys))
    losses.block_until_ready()
    return None
