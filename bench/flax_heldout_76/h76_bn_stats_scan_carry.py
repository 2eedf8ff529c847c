# label: ok
# flax-error: none
# class: 3 batch_stats returned by apply(mutable=['batch_stats']) through has_aux and carried to the next scan step
"""How to update batch_stats inside lax.scan: return the updated stats from
the loss (has_aux) and put them in the carry."""
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
            pred, mutated = model.apply({"params": p, "batch_stats": batch_stats}, x,
                                        train=True, mutable=["batch_stats"])
            return jnp.mean((pred - y) ** 2), mutated["batch_stats"]

        (loss, batch_stats), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
        updates, opt_state = tx.update(grads, opt_state)
        params = optax.apply_updates(params, updates)
        return (params, batch_stats, opt_state), loss

    carry = (variables["params"], variables["batch_stats"], opt_state)
    carry, losses = jax.lax.scan(train_step, carry, (xs, ys))
    losses.block_until_ready()
    return None
