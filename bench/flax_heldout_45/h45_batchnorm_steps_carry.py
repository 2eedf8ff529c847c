# label: ok
# flax-error: none
# class: 3 batch_stats threaded through the scan carry, apply(mutable=['batch_stats']) in the body
"""The fix from the discussion: make batch_stats mutable and carry the updated stats."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(16)(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        return nn.Dense(1)(nn.relu(x))


def main():
    model = MLP()
    batches = jnp.ones((4, 8, 3))
    variables = model.init(jax.random.PRNGKey(0), batches[0], train=False)
    params = variables["params"]

    def step(carry, batch):
        batch_stats, loss_sum = carry
        out, updates = model.apply(
            {"params": params, "batch_stats": batch_stats}, batch, train=True, mutable=["batch_stats"]
        )
        return (updates["batch_stats"], loss_sum + jnp.mean(out ** 2)), None

    (batch_stats, _), _ = lax.scan(step, (variables["batch_stats"], 0.0), batches)
    jax.block_until_ready(batch_stats)
    return None
