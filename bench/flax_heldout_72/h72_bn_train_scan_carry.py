# label: ok
# flax-error: none
# class: 2 model.apply(..., mutable=['batch_stats']) in a raw lax.scan, batch_stats carried with params and opt_state
"""CNN-with-BatchNorm training loop under lax.scan, with the batch statistics in the carry."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn


class CNN(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Conv(8, (3, 3))(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x).mean(axis=(1, 2))
        return nn.Dense(10)(x)


def main():
    model = CNN()
    xs = jnp.ones((4, 2, 8, 8, 1))
    ys = jnp.zeros((4, 2), jnp.int32)
    variables = model.init(jax.random.key(0), xs[0], train=False)
    params, batch_stats = variables["params"], variables["batch_stats"]
    tx = optax.adam(1e-3)
    opt_state = tx.init(params)

    def loss_fn(params, batch_stats, x, y):
        logits, updates = model.apply(
            {"params": params, "batch_stats": batch_stats}, x, train=True, mutable=["batch_stats"]
        )
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
        return loss, updates["batch_stats"]

    def train_step(carry, batch):
        params, batch_stats, opt_state = carry
        (loss, batch_stats), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, batch_stats, *batch)
        updates, opt_state = tx.update(grads, opt_state, params)
        return (optax.apply_updates(params, updates), batch_stats, opt_state), loss

    (params, batch_stats, opt_state), losses = jax.lax.scan(
        train_step, (params, batch_stats, opt_state), (xs, ys)
    )
    return None
