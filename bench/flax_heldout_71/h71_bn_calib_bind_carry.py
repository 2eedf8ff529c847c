# label: ok
# flax-error: none
# class: 3 a Calibrator keeps model.apply and the variables; batch_stats travel through the scan carry with mutable=['batch_stats']
"""Post-training BatchNorm re-calibration utility (functional variant)."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


class ConvNet(nn.Module):
    features: int = 16

    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Dense(self.features)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(4)(x)


@dataclasses.dataclass
class CalibConfig:
    num_batches: int = 4
    batch_size: int = 8
    dim: int = 12


class Calibrator:
    def __init__(self, model, variables):
        self.model = model
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]

    def run(self, batches):
        def body(stats, batch):
            _, updates = self.model.apply(
                {"params": self.params, "batch_stats": stats}, batch, train=True, mutable=["batch_stats"]
            )
            return updates["batch_stats"], None

        stats, _ = jax.lax.scan(body, self.batch_stats, batches)
        return stats


def main():
    cfg = CalibConfig()
    model = ConvNet()
    x = jnp.ones((cfg.batch_size, cfg.dim))
    variables = model.init(jax.random.PRNGKey(0), x, train=False)
    batches = jax.random.normal(jax.random.PRNGKey(1), (cfg.num_batches, cfg.batch_size, cfg.dim))
    stats = Calibrator(model, variables).run(batches)
    mean = stats["BatchNorm_0"]["mean"]
    print("calibrated mean norm", jnp.linalg.norm(mean))
    return None
