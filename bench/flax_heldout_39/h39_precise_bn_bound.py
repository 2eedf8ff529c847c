# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 PreciseBNRecalibrator binds the model with mutable batch_stats once and calls the bound module from the raw while_loop body
"""Precise-BN: recompute BatchNorm population statistics after training with a fixed number of batches."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class ConvNet(nn.Module):
    channels: int = 4

    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Conv(self.channels, (3, 3))(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        x = x.mean(axis=(1, 2))
        return nn.Dense(2)(x)


@dataclasses.dataclass(frozen=True)
class RecalibConfig:
    num_batches: int = 4
    batch_size: int = 2
    image_size: int = 6


class PreciseBNRecalibrator:
    def __init__(self, model: nn.Module, variables, config: RecalibConfig):
        self.config = config
        self.bound = model.bind(variables, mutable=["batch_stats"])

    def _batch(self, i):
        c = self.config
        key = jax.random.fold_in(jax.random.key(7), i)
        return jax.random.normal(key, (c.batch_size, c.image_size, c.image_size, 3))

    def run(self):
        def cond(state):
            i, _ = state
            return i < self.config.num_batches

        def body(state):
            i, seen = state
            self.bound(self._batch(i), train=True)
            return i + 1, seen + self.config.batch_size

        lax.while_loop(cond, body, (jnp.array(0), jnp.array(0)))
        return self.bound.variables["batch_stats"]


def main():
    model = ConvNet()
    cfg = RecalibConfig()
    variables = model.init(jax.random.key(0), jnp.zeros((1, cfg.image_size, cfg.image_size, 3)), train=False)
    new_stats = PreciseBNRecalibrator(model, variables, cfg).run()
    variables = {"params": variables["params"], "batch_stats": new_stats}
    logits = model.apply(variables, jnp.ones((1, cfg.image_size, cfg.image_size, 3)), train=False)
    print(logits)
    return None
