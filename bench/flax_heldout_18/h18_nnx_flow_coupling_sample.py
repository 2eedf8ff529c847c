# label: ok
# flax-error: none
# class: 3 a sampler scans over pre-split keys given as xs; each step draws the base noise from its own key and inverts the coupling layers held in per-scale lists
"""Multiscale RealNVP-style flow in NNX: affine couplings per scale, sampled batch by batch."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class FlowConfig:
    dim: int = 8
    couplings_per_scale: int = 2
    hidden: int = 16
    batches: int = 4
    batch_size: int = 3


class AffineCoupling(nnx.Module):
    def __init__(self, dim, hidden, flip, rngs):
        self.flip, half = flip, dim // 2
        self.net = nnx.Sequential(nnx.Linear(half, hidden, rngs=rngs), nnx.relu,
                                  nnx.Linear(hidden, 2 * half, rngs=rngs))

    def _split(self, x):
        a, b = jnp.split(x, 2, -1)
        return (b, a) if self.flip else (a, b)

    def _join(self, a, b):
        return jnp.concatenate([b, a] if self.flip else [a, b], -1)

    def forward(self, x):
        a, b = self._split(x)
        log_s, t = jnp.split(self.net(a), 2, -1)
        log_s = jnp.tanh(log_s)
        return self._join(a, b * jnp.exp(log_s) + t), log_s.sum(-1)

    def inverse(self, y):
        a, b = self._split(y)
        log_s, t = jnp.split(self.net(a), 2, -1)
        return self._join(a, (b - t) * jnp.exp(-jnp.tanh(log_s)))


class MultiscaleFlow(nnx.Module):
    def __init__(self, cfg, rngs):
        self.cfg = cfg
        make = lambda d: nnx.List([AffineCoupling(d, cfg.hidden, i % 2 == 1, rngs)
                                   for i in range(cfg.couplings_per_scale)])
        self.scale1, self.scale2 = make(cfg.dim), make(cfg.dim // 2)

    def sample(self, key, n):
        z = jax.random.normal(key, (n, self.cfg.dim))
        out, x = jnp.split(z, 2, -1)
        for layer in reversed(self.scale2):
            x = layer.inverse(x)
        x = jnp.concatenate([out, x], -1)
        for layer in reversed(self.scale1):
            x = layer.inverse(x)
        return x


class FlowSampler:
    def __init__(self, flow):
        self.flow = flow

    def draw(self, key):
        cfg = self.flow.cfg
        keys = jax.random.split(key, cfg.batches)

        def body(count, k):
            return count + 1, self.flow.sample(k, cfg.batch_size)

        _, samples = jax.lax.scan(body, 0, keys)
        return samples


def main():
    cfg = FlowConfig()
    flow = MultiscaleFlow(cfg, nnx.Rngs(0))
    samples = FlowSampler(flow).draw(jax.random.key(1))
    return samples
