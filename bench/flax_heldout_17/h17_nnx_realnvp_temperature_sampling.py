# label: ok
# flax-error: none
# class: 4 the flow's inverse walks an nnx.List of coupling layers (each holding a scale/shift MLP) read-only from a scan body over temperatures, with keys as xs
"""RealNVP in NNX: draw samples at several temperatures by inverting the coupling stack."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class FlowConfig:
    dim: int = 4
    hidden: int = 32
    num_couplings: int = 4
    batch: int = 6


class ScaleShift(nnx.Module):
    def __init__(self, d_in, d_out, hidden, *, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(d_in, hidden, rngs=rngs)
        self.fc2 = nnx.Linear(hidden, 2 * d_out, rngs=rngs)

    def __call__(self, x):
        s, t = jnp.split(self.fc2(nnx.relu(self.fc1(x))), 2, axis=-1)
        return jnp.tanh(s), t


class AffineCoupling(nnx.Module):
    def __init__(self, dim, hidden, flip, *, rngs: nnx.Rngs):
        self.half = dim // 2
        self.flip = flip
        self.net = ScaleShift(self.half, dim - self.half, hidden, rngs=rngs)

    def _split(self, x):
        a, b = x[..., :self.half], x[..., self.half:]
        return (b, a) if self.flip else (a, b)

    def _join(self, a, b):
        return jnp.concatenate([b, a] if self.flip else [a, b], -1)

    def forward(self, x):
        a, b = self._split(x)
        s, t = self.net(a)
        return self._join(a, b * jnp.exp(s) + t), s.sum(-1)

    def inverse(self, y):
        a, b = self._split(y)
        s, t = self.net(a)
        return self._join(a, (b - t) * jnp.exp(-s))


class RealNVP(nnx.Module):
    def __init__(self, cfg: FlowConfig, *, rngs: nnx.Rngs):
        self.couplings = nnx.List([AffineCoupling(cfg.dim, cfg.hidden, i % 2 == 1, rngs=rngs)
                                   for i in range(cfg.num_couplings)])

    def log_prob(self, x):
        logdet = 0.0
        for layer in self.couplings:
            x, ld = layer.forward(x)
            logdet = logdet + ld
        return -0.5 * jnp.sum(x ** 2 + jnp.log(2 * jnp.pi), -1) + logdet

    def inverse(self, z):
        for layer in reversed(self.couplings):
            z = layer.inverse(z)
        return z


def sample_at_temperatures(flow, temperatures, key, cfg):
    keys = jax.random.split(key, temperatures.shape[0])

    def body(carry, inputs):
        temp, k = inputs
        z = temp * jax.random.normal(k, (cfg.batch, cfg.dim))
        return carry, flow.inverse(z)

    _, samples = jax.lax.scan(body, None, (temperatures, keys))
    return samples


def main():
    cfg = FlowConfig()
    flow = RealNVP(cfg, rngs=nnx.Rngs(0))
    samples = sample_at_temperatures(flow, jnp.array([0.5, 0.8, 1.0]), jax.random.key(1), cfg)
    print("log prob at T=1", flow.log_prob(samples[-1]).mean())
    return samples
