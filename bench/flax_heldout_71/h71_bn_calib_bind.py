# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 a Calibrator stores a model.bind(..., mutable=['batch_stats']) handle; the scan body calls that bound module
"""Post-training BatchNorm re-calibration utility (bound-module variant)."""
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
        # bind once so the stats can be inspected after calibration
        self.bound = model.bind(variables, mutable=["batch_stats"])

    def run(self, batches):
        def body(carry, batch):
            self.bound(batch, train=True)
            return carry, None

        jax.lax.scan(body, 0, batches)
        return self.bound.variables["batch_stats"]


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
