# label: ok
# flax-error: none
# class: 5 batch_stats travel in the scan carry and apply returns them with mutable=["batch_stats"]
"""The fix from the discussion: make batch_stats mutable, return the updated statistics from
the loss function as aux, and carry them through the scan alongside params."""
import jax
import jax.numpy as jnp
import optax
import flax.linen as nn


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(16)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(1)(x)


def main():
    model = MLP()
    xs = jax.random.normal(jax.random.PRNGKey(1), (5, 8, 3))
    ys = jnp.sum(xs, axis=-1, keepdims=True)
    variables = model.init(jax.random.PRNGKey(0), xs[0], train=False)
    params, batch_stats = variables["params"], variables["batch_stats"]
    tx = optax.sgd(0.1)
    opt_state = tx.init(params)

    def train_step(carry, batch):
        params, batch_stats, opt_state = carry
        x, y = batch

        def loss_fn(p):
            pred, updates = model.apply(
                {"params": p, "batch_stats": batch_stats}, x, train=True, mutable=["batch_stats"]
            )
            return jnp.mean((pred - y) ** 2), updates["batch_stats"]

        (loss, batch_stats), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
        updates, opt_state = tx.update(grads, opt_state)
        return (optax.apply_updates(params, updates), batch_stats, opt_state), loss

    (params, batch_stats, opt_state), losses = jax.lax.scan(
        train_step, (params, batch_stats, opt_state), (xs, ys)
    )
    losses.block_until_ready()
    return None
