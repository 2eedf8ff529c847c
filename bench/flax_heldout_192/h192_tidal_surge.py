# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a SurgeForecaster holds model.bind(variables, mutable=["batch_stats"]); the SurgeTrainer's scan body calls self.forecaster.predict
"""Storm-surge nowcasting: rolls a gauge-residual network forward over a tide window."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class GaugeConfig:
    n_harmonics: int = 6
    hidden: int = 16
    window: int = 5
    relax: float = 0.1


class ResidualNet(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, x, train: bool = False):
        h = nn.Dense(self.hidden, name="encode")(x)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9, name="norm")(h)
        return nn.Dense(x.shape[-1], name="decode")(nn.tanh(h))


class SurgeForecaster:
    """Keeps a bound model so callers do not have to pass variables around."""

    def __init__(self, model, variables):
        self._bound = model.bind(variables, mutable=["batch_stats"])

    def predict(self, harmonics):
        return self._bound(harmonics, train=True)

    def drift(self):
        stats = self._bound.variables["batch_stats"]
        return sum(jnp.abs(leaf).sum() for leaf in jax.tree.leaves(stats))


class SurgeTrainer:
    def __init__(self, cfg: GaugeConfig, forecaster: SurgeForecaster):
        self.cfg = cfg
        self.forecaster = forecaster

    def rollout(self, tide0):
        def step(level, _):
            nxt = level + self.cfg.relax * self.forecaster.predict(level)
            return nxt, nxt.mean()

        return lax.scan(step, tide0, None, length=self.cfg.window)


def main():
    cfg = GaugeConfig()
    model = ResidualNet(cfg.hidden)
    tide = jax.random.normal(jax.random.key(0), (8, cfg.n_harmonics))
    variables = model.init(jax.random.key(1), tide)
    trainer = SurgeTrainer(cfg, SurgeForecaster(model, variables))
    trainer.rollout(tide)
    float(trainer.forecaster.drift())
    return None
