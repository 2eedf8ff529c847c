# label: ok
# flax-error: none
# class: 3 apply inside the raw lax.scan returns the updated batch_stats, which are threaded through the carry
"""Gradient accumulation with BatchNorm after the fix: mutable=['batch_stats'], has_aux, and the
new statistics carried from micro-batch to micro-batch."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from jax.lax import scan


class CNN(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Conv(8, (3, 3))(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        x = nn.relu(x).mean(axis=(1, 2))
        return nn.Dense(10)(x)


def main():
    model = CNN()
    micro_x = jnp.ones((4, 2, 8, 8, 1))
    micro_y = jnp.zeros((4, 2), dtype=jnp.int32)
    variables = model.init(jax.random.PRNGKey(0), micro_x[0], train=False)
    params, batch_stats = variables["params"], variables["batch_stats"]

    def loss_fn(p, stats, x, y):
        logits, updates = model.apply(
            {"params": p, "batch_stats": stats}, x, train=True, mutable=["batch_stats"]
        )
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
        return loss, updates["batch_stats"]

    def accumulate(carry, batch):
        grads, stats = carry
        x, y = batch
        g, stats = jax.grad(loss_fn, has_aux=True)(params, stats, x, y)
        return (jax.tree.map(jnp.add, grads, g), stats), None

    zeros = jax.tree.map(jnp.zeros_like, params)
    (grads, batch_stats), _ = scan(accumulate, (zeros, batch_stats), (micro_x, micro_y))
    jax.tree.map(lambda g: g.block_until_ready(), grads)
    return None
