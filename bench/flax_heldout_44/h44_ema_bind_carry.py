# label: ok
# flax-error: none
# class: 3 an EMAUpdater keeps model.apply and the variables; the scan body applies with mutable=['batch_stats'] and carries the stats, the updater reads them from the scan result
"""EMA of batch statistics kept by an updater object around a Linen module."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class Encoder(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Dense(8)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.99)(x)
        return jnp.tanh(x)


class EMAUpdater:
    def __init__(self, model, variables, decay=0.9):
        self.model = model
        self.params = variables["params"]
        self.stats = variables["batch_stats"]
        self.ema_stats = variables["batch_stats"]
        self.decay = decay

    def forward(self, stats, x):
        y, mutated = self.model.apply(
            {"params": self.params, "batch_stats": stats}, x, train=True, mutable=["batch_stats"]
        )
        return y, mutated["batch_stats"]

    def update(self, new_stats):
        self.stats = new_stats
        self.ema_stats = jax.tree.map(
            lambda e, n: self.decay * e + (1.0 - self.decay) * n, self.ema_stats, new_stats
        )


def calibrate(updater, batches):
    def body(carry, x):
        total, stats = carry
        y, stats = updater.forward(stats, x)
        return (total + y.mean(), stats), None

    (total, stats), _ = jax.lax.scan(body, (jnp.float32(0.0), updater.stats), batches)
    updater.update(stats)
    return total


def main():
    model = Encoder()
    variables = model.init(jax.random.key(0), jnp.ones((4, 3)), train=False)
    updater = EMAUpdater(model, variables)
    calibrate(updater, jnp.ones((5, 4, 3)))
    jax.block_until_ready(updater.ema_stats)
    return None
