# label: same-values
# flax-error: none
# class: 4 the daemon's config dataclass holds a key drawn once from nnx.Rngs at construction; the fori_loop body reuses it for every probe's jitter
"""Anomaly-alerting daemon: synthetic canary probes with jittered timing scored by an NNX detector."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


@dataclasses.dataclass
class CanaryConfig:
    probes: int
    jitter_key: jax.Array
    jitter_scale: float = 0.3


class LatencyDetector(nnx.Module):
    def __init__(self, dim, *, rngs):
        self.fc = nnx.Linear(dim, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.sigmoid(self.fc(x))[..., 0]


def build_daemon(seed=0, dim=5, probes=6):
    rngs = nnx.Rngs(params=seed, jitter=seed + 1)
    detector = LatencyDetector(dim, rngs=rngs)
    config = CanaryConfig(probes=probes, jitter_key=rngs.jitter())
    return CanaryDaemon(detector, config)


class CanaryDaemon:
    def __init__(self, detector, config):
        self.detector, self.config = detector, config

    def run_probes(self, baseline):
        cfg = self.config
        log = jnp.zeros((cfg.probes, baseline.shape[0]))

        def body(i, carry):
            log, risk = carry
            jitter = cfg.jitter_scale * jax.random.normal(cfg.jitter_key, baseline.shape)
            risk = jnp.maximum(risk, self.detector(baseline + jitter))
            return log.at[i].set(jitter), risk

        log, _ = lax.fori_loop(0, cfg.probes, body, (log, jnp.zeros(())))
        return log


def main():
    daemon = build_daemon()
    return daemon.run_probes(jnp.linspace(0.0, 1.0, 5))
