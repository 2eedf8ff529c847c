# label: ok
# flax-error: none
# class: 4 Monitor -> ScoringSession.score_step threads batch_stats through the calibration scan carry; the session is updated after the loop
"""Industrial anomaly detection on a production line. Each sensor type has an adapter that
maps its raw channel into the detector's units; a ScoringSession owns the Linen autoencoder
and its variables; the Monitor calibrates the session on a stream of windows and then derives
an alarm threshold from a holdout set."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class SensorAdapter:
    def __init__(self, channel: int, offset: float, scale: float):
        self.channel, self.offset, self.scale = channel, offset, scale

    def __call__(self, window):
        return (window[:, self.channel] - self.offset) / self.scale


class VibrationAdapter(SensorAdapter):
    def __call__(self, window):
        return jnp.log1p(jnp.abs(super().__call__(window)))


class ThermalAdapter(SensorAdapter):
    pass


class ReconstructionScorer(nn.Module):
    latent: int = 4

    @nn.compact
    def __call__(self, x, train: bool):
        h = nn.Dense(self.latent)(x)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        recon = nn.Dense(x.shape[-1])(nn.tanh(h))
        return jnp.mean((recon - x) ** 2, axis=-1)


class ScoringSession:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def score_step(self, batch_stats, feats):
        variables = {"params": self.variables["params"], "batch_stats": batch_stats}
        err, updates = self.model.apply(variables, feats, train=True, mutable=["batch_stats"])
        return err, updates["batch_stats"]

    def score(self, feats):
        return self.model.apply(self.variables, feats, train=False)


class Monitor:
    def __init__(self, adapters, session):
        self.adapters = adapters
        self.session = session

    def features(self, window):
        return jnp.stack([adapter(window) for adapter in self.adapters], axis=-1)

    def calibrate(self, windows):
        def step(batch_stats, window):
            err, batch_stats = self.session.score_step(batch_stats, self.features(window))
            return batch_stats, jnp.mean(err)

        batch_stats, errs = scan(step, self.session.variables["batch_stats"], windows)
        self.session.variables = {**self.session.variables, "batch_stats": batch_stats}
        return errs

    def threshold(self, holdout):
        return jnp.quantile(self.session.score(self.features(holdout)), 0.99)


def main():
    adapters = [VibrationAdapter(0, 0.0, 2.0), ThermalAdapter(1, 60.0, 15.0), ThermalAdapter(2, 55.0, 10.0)]
    model = ReconstructionScorer()
    variables = model.init(jax.random.key(0), jnp.zeros((8, len(adapters))), train=False)
    monitor = Monitor(adapters, ScoringSession(model, variables))
    windows = jax.random.normal(jax.random.key(1), (5, 8, 3)) * 3.0 + 50.0
    monitor.calibrate(windows)
    holdout = jax.random.normal(jax.random.key(2), (32, 3)) * 3.0 + 50.0
    float(monitor.threshold(holdout))
    return None
