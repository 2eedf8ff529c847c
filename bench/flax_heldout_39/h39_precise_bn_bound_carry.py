# label: ok
# flax-error: none
# class: 3 PreciseBNRecalibrator keeps model and variables and carries batch_stats through the raw while_loop state, calling apply(mutable=...) in the body
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
        self.model = model
        self.variables = variables

    def _batch(self, i):
        c = self.config
        key = jax.random.fold_in(jax.random.key(7), i)
        return jax.random.normal(key, (c.batch_size, c.image_size, c.image_size, 3))

    def run(self):
        params = self.variables["params"]

        def cond(state):
            i, _, _ = state
            return i < self.config.num_batches

        def body(state):
            i, seen, stats = state
            _, mutated = self.model.apply({"params": params, "batch_stats": stats}, self._batch(i),
                                          train=True, mutable=["batch_stats"])
            return i + 1, seen + self.config.batch_size, mutated["batch_stats"]

        init = (jnp.array(0), jnp.array(0), self.variables["batch_stats"])
        _, _, stats = lax.while_loop(cond, body, init)
        return stats


def main():
    model = ConvNet()
    cfg = RecalibConfig()
    variables = model.init(jax.random.key(0), jnp.zeros((1, cfg.image_size, cfg.image_size, 3)), train=False)
    new_stats = PreciseBNRecalibrator(model, variables, cfg).run()
    variables = {"params": variables["params"], "batch_stats": new_stats}
    logits = model.apply(variables, jnp.ones((1, cfg.image_size, cfg.image_size, 3)), train=False)
    print(logits)
    return None
