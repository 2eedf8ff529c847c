# label: ok
# flax-error: none
# class: 3 the scan body calls the model's day step, which only reads parameters; reported cases leave as ys and the custom Incidence variable is written after the loop
"""SEIR epidemic model with a learned, time-varying contact rate.

A small network maps the day-of-week and the current infectious fraction to a contact
rate; a reporting layer keeps the cumulative reported incidence for calibration against
surveillance counts.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx

scan = jax.lax.scan


class Incidence(nnx.Variable):
    pass


@dataclasses.dataclass(frozen=True)
class EpiConfig:
    sigma: float = 0.3
    gamma: float = 0.2
    report_rate: float = 0.6
    days: int = 10


class ContactRate(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(3, 8, rngs=rngs)
        self.l2 = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, day, infectious):
        feats = jnp.stack([jnp.sin(2 * jnp.pi * day / 7), jnp.cos(2 * jnp.pi * day / 7), infectious])
        return 0.2 + nnx.softplus(self.l2(nnx.tanh(self.l1(feats))))[0]


class Reporting(nnx.Module):
    def __init__(self, rate):
        self.rate = rate
        self.cumulative = Incidence(jnp.zeros(()))

    def report(self, new_infections):
        return self.rate * new_infections

    def record(self, reported):
        self.cumulative.value = self.cumulative.value + reported.sum()


class SEIR(nnx.Module):
    def __init__(self, cfg: EpiConfig, rngs: nnx.Rngs):
        self.cfg = cfg
        self.beta = ContactRate(rngs)
        self.reporting = Reporting(cfg.report_rate)

    def day(self, state, t):
        s, e, i, r = state
        new_exposed = self.beta(t, i) * s * i
        new_infectious = self.cfg.sigma * e
        recovered = self.cfg.gamma * i
        reported = self.reporting.report(new_infectious)
        return jnp.stack([s - new_exposed, e + new_exposed - new_infectious,
                          i + new_infectious - recovered, r + recovered]), reported

    def simulate(self, state0):
        final, reported = scan(self.day, state0, jnp.arange(self.cfg.days, dtype=jnp.float32))
        self.reporting.record(reported)
        return final, reported


def main():
    cfg = EpiConfig()
    model = SEIR(cfg, nnx.Rngs(0))
    final, reported = model.simulate(jnp.array([0.97, 0.02, 0.01, 0.0]))
    print("attack rate", float(final[3]), "cumulative reported", float(model.reporting.cumulative.value))
    return None
