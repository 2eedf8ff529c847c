# label: ok
# flax-error: none
# class: 4 a SurgeForecaster holds model and params; the SurgeTrainer's scan carries batch_stats and returns them through self.forecaster.predict
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
    """Keeps the model and its parameters; batch statistics travel with the caller."""

    def __init__(self, model, variables):
        self._model = model
        self._params = variables["params"]
        self.batch_stats = variables["batch_stats"]

    def predict(self, batch_stats, harmonics):
        out, updates = self._model.apply(
            {"params": self._params, "batch_stats": batch_stats},
            harmonics, train=True, mutable=["batch_stats"])
        return out, updates["batch_stats"]

    def drift(self):
        return sum(jnp.abs(leaf).sum() for leaf in jax.tree.leaves(self.batch_stats))


class SurgeTrainer:
    def __init__(self, cfg: GaugeConfig, forecaster: SurgeForecaster):
        self.cfg = cfg
        self.forecaster = forecaster

    def rollout(self, tide0):
        def step(carry, _):
            level, stats = carry
            delta, stats = self.forecaster.predict(stats, level)
            nxt = level + self.cfg.relax * delta
            return (nxt, stats), nxt.mean()

        (level, stats), means = lax.scan(
            step, (tide0, self.forecaster.batch_stats), None, length=self.cfg.window)
        self.forecaster.batch_stats = stats
        return level, means


def main():
    cfg = GaugeConfig()
    model = ResidualNet(cfg.hidden)
    tide = jax.random.normal(jax.random.key(0), (8, cfg.n_harmonics))
    variables = model.init(jax.random.key(1), tide)
    trainer = SurgeTrainer(cfg, SurgeForecaster(model, variables))
    trainer.rollout(tide)
    float(trainer.forecaster.drift())
    return None
