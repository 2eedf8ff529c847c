# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/tracker" because collection "monitor" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 submodule tracker writes its 'monitor' error statistics from the raw scan body; apply without mutable
"""Anomaly detection on sensor streams with a recurrent autoencoder and a reconstruction monitor."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class AEConfig:
    channels: int = 3
    latent: int = 8
    threshold_sigmas: float = 3.0


class ErrorTracker(nn.Module):
    decay: float = 0.95

    @nn.compact
    def __call__(self, err):
        mean = self.variable("monitor", "mean", lambda: jnp.zeros(()))
        var = self.variable("monitor", "var", lambda: jnp.ones(()))
        if not self.is_initializing():
            mean.value = self.decay * mean.value + (1 - self.decay) * err
            var.value = self.decay * var.value + (1 - self.decay) * (err - mean.value) ** 2
        return (err - mean.value) / jnp.sqrt(var.value + 1e-6)


class RecurrentAutoencoder(nn.Module):
    cfg: AEConfig

    def setup(self):
        self.encoder = nn.LSTMCell(self.cfg.latent)
        self.decoder = nn.Dense(self.cfg.channels)
        self.tracker = ErrorTracker()

    def __call__(self, series):
        carry = self.encoder.initialize_carry(jax.random.key(0), series.shape[1:])

        def step(carry, x):
            carry, h = self.encoder(carry, x)
            err = jnp.mean((self.decoder(h) - x) ** 2)
            return carry, self.tracker(err)

        if self.is_initializing():
            step(carry, series[0])
        _, scores = jax.lax.scan(step, carry, series)
        return scores > self.cfg.threshold_sigmas, scores


def main():
    cfg = AEConfig()
    model = RecurrentAutoencoder(cfg)
    t = jnp.linspace(0.0, 6.0, 40)
    series = jnp.stack([jnp.sin(t), jnp.cos(t), jnp.sin(2 * t)], -1)
    series = series.at[25].add(4.0)
    variables = model.init(jax.random.key(0), series)
    flags, scores = model.apply(variables, series)
    print("anomalies at", jnp.nonzero(flags)[0].tolist(), "max score", float(scores.max()))
    return None
