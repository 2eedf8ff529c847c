# label: ok
# flax-error: none
# class: 3 the bound model is replaced by model.apply with the batch_stats carried through the raw scan and mutable=['batch_stats']
"""The same loop after moving to apply: the running stats are part of the carry."""
import jax
import jax.numpy as jnp
from jax.lax import scan
from flax import linen as nn


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x, train=True):
        x = nn.Dense(16)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        return nn.Dense(1)(nn.relu(x))


def main():
    model = MLP()
    batches = jnp.ones((5, 8, 3))
    variables = model.init(jax.random.PRNGKey(0), batches[0], train=False)
    params = variables["params"]

    def step(carry, xb):
        total, stats = carry
        out, upd = model.apply({"params": params, "batch_stats": stats}, xb, train=True,
                               mutable=["batch_stats"])
        return (total + out.mean(), upd["batch_stats"]), None

    (total, stats), _ = scan(step, (0.0, variables["batch_stats"]), batches)
    jax.block_until_ready(stats)
    return None
