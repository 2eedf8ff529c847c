# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 an EMAUpdater holds model.bind(variables, mutable=['batch_stats']); the scan body calls the bound module and the updater reads bound.variables after the loop
"""EMA of batch statistics kept by an updater object around a bound Linen module."""
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
        self.bound = model.bind(variables, mutable=["batch_stats"])
        self.ema_stats = variables["batch_stats"]
        self.decay = decay

    def forward(self, x):
        return self.bound(x, train=True)

    def update(self):
        new_stats = self.bound.variables["batch_stats"]
        self.ema_stats = jax.tree.map(
            lambda e, n: self.decay * e + (1.0 - self.decay) * n, self.ema_stats, new_stats
        )


def calibrate(updater, batches):
    def body(carry, x):
        y = updater.forward(x)
        return carry + y.mean(), None

    total, _ = jax.lax.scan(body, jnp.float32(0.0), batches)
    updater.update()
    return total


def main():
    model = Encoder()
    variables = model.init(jax.random.key(0), jnp.ones((4, 3)), train=False)
    updater = EMAUpdater(model, variables)
    calibrate(updater, jnp.ones((5, 4, 3)))
    jax.block_until_ready(updater.ema_stats)
    return None
