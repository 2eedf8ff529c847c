# label: ok
# flax-error: none
# class: 2 error statistics carried through the raw scan carry and written to the 'monitor' collection after the loop (mutable)
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

    def setup(self):
        self.mean = self.variable("monitor", "mean", lambda: jnp.zeros(()))
        self.var = self.variable("monitor", "var", lambda: jnp.ones(()))

    def score(self, stats, err):
        mean, var = stats
        mean = self.decay * mean + (1 - self.decay) * err
        var = self.decay * var + (1 - self.decay) * (err - mean) ** 2
        return (mean, var), (err - mean) / jnp.sqrt(var + 1e-6)

    def initial(self):
        return self.mean.value, self.var.value

    def commit(self, stats):
        if not self.is_initializing():
            self.mean.value, self.var.value = stats


class RecurrentAutoencoder(nn.Module):
    cfg: AEConfig

    def setup(self):
        self.encoder = nn.LSTMCell(self.cfg.latent)
        self.decoder = nn.Dense(self.cfg.channels)
        self.tracker = ErrorTracker()

    def __call__(self, series):
        carry = self.encoder.initialize_carry(jax.random.key(0), series.shape[1:])

        def step(state, x):
            carry, stats = state
            carry, h = self.encoder(carry, x)
            err = jnp.mean((self.decoder(h) - x) ** 2)
            stats, score = self.tracker.score(stats, err)
            return (carry, stats), score

        if self.is_initializing():
            step((carry, self.tracker.initial()), series[0])
        (_, stats), scores = jax.lax.scan(step, (carry, self.tracker.initial()), series)
        self.tracker.commit(stats)
        return scores > self.cfg.threshold_sigmas, scores


def main():
    cfg = AEConfig()
    model = RecurrentAutoencoder(cfg)
    t = jnp.linspace(0.0, 6.0, 40)
    series = jnp.stack([jnp.sin(t), jnp.cos(t), jnp.sin(2 * t)], -1)
    series = series.at[25].add(4.0)
    variables = model.init(jax.random.key(0), series)
    (flags, scores), updated = model.apply(variables, series, mutable=["monitor"])
    print("anomalies at", jnp.nonzero(flags)[0].tolist(), "monitor mean", float(updated["monitor"]["tracker"]["mean"]))
    return None
