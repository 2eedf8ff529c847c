# label: ok
# flax-error: none
# class: 3 scan body passes the step index (scan xs) to the base submodule's sample method, which folds it into make_rng('sample')
"""RealNVP-style normalising flow with affine coupling layers.

`__call__` returns the log-density of data (used for maximum likelihood);
`sample_chain` draws one batch of samples per scan step for diagnostics.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class FlowConfig:
    dim: int = 4
    n_couplings: int = 3
    hidden: int = 16


class AffineCoupling(nn.Module):
    hidden: int
    flip: bool

    @nn.compact
    def __call__(self, x, inverse=False):
        a, b = jnp.split(x[:, ::-1] if self.flip else x, 2, -1)
        h = nn.tanh(nn.Dense(self.hidden)(a))
        log_s, t = jnp.split(nn.Dense(b.shape[-1] * 2)(h), 2, -1)
        log_s = jnp.tanh(log_s)
        b = (b - t) * jnp.exp(-log_s) if inverse else b * jnp.exp(log_s) + t
        y = jnp.concatenate([a, b], -1)
        return (y[:, ::-1] if self.flip else y), (-1 if inverse else 1) * log_s.sum(-1)


class StandardNormal(nn.Module):
    dim: int

    def log_prob(self, z):
        return -0.5 * jnp.sum(z**2 + jnp.log(2 * jnp.pi), -1)

    def sample(self, batch, step):
        key = jax.random.fold_in(self.make_rng("sample"), step)
        return jax.random.normal(key, (batch, self.dim))


class RealNVP(nn.Module):
    cfg: FlowConfig

    def setup(self):
        self.base = StandardNormal(self.cfg.dim)
        self.layers = [AffineCoupling(self.cfg.hidden, flip=i % 2 == 1) for i in range(self.cfg.n_couplings)]

    def __call__(self, x):
        logdet = 0.0
        for layer in reversed(self.layers):
            x, ld = layer(x, inverse=True)
            logdet = logdet + ld
        return self.base.log_prob(x) + logdet

    def generate(self, z):
        for layer in self.layers:
            z, _ = layer(z)
        return z

    def sample_chain(self, n_steps, batch):
        def body(carry, step):
            return carry, self.generate(self.base.sample(batch, step))
        _, xs = jax.lax.scan(body, None, jnp.arange(n_steps))
        return xs


def main():
    cfg = FlowConfig()
    model = RealNVP(cfg)
    data = jax.random.normal(jax.random.key(0), (16, cfg.dim)) * 2.0 + 1.0
    variables = model.init(jax.random.key(1), data)
    nll = -model.apply(variables, data).mean()
    samples = model.apply(variables, 5, 8, method=RealNVP.sample_chain, rngs={"sample": jax.random.key(2)})
    float(nll)
    return samples
