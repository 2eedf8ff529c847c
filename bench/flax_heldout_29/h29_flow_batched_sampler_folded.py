# label: ok
# flax-error: none
# class: 4 make_sampler closure's scan body calls model.apply(method=sample, rngs={'sample': ...}) with the captured key folded with the chunk index
"""RealNVP normalising flow on 4-D data; samples are drawn in chunks to bound memory."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class FlowConfig:
    dim: int = 4
    hidden: int = 16
    num_couplings: int = 3


class AffineCoupling(nn.Module):
    cfg: FlowConfig
    parity: int

    @nn.compact
    def __call__(self, z):
        mask = (jnp.arange(self.cfg.dim) % 2 == self.parity).astype(z.dtype)
        h = nn.tanh(nn.Dense(self.cfg.hidden)(z * mask))
        log_s = nn.tanh(nn.Dense(self.cfg.dim)(h)) * (1 - mask)
        t = nn.Dense(self.cfg.dim)(h) * (1 - mask)
        return z * mask + (1 - mask) * (z * jnp.exp(log_s) + t), log_s.sum(-1)


class RealNVP(nn.Module):
    cfg: FlowConfig

    def setup(self):
        self.couplings = [AffineCoupling(self.cfg, i % 2) for i in range(self.cfg.num_couplings)]

    def __call__(self, z):
        logdet = jnp.zeros(z.shape[:-1])
        for layer in self.couplings:
            z, ld = layer(z)
            logdet = logdet + ld
        return z, logdet

    def sample(self, n: int):
        z = jax.random.normal(self.make_rng("sample"), (n, self.cfg.dim))
        x, _ = self(z)
        return x


def make_sampler(model, params, key, chunk: int):
    def draw(num_chunks):
        def body(carry, i):
            chunk_key = jax.random.fold_in(key, i)
            x = model.apply(params, chunk, method=RealNVP.sample, rngs={"sample": chunk_key})
            return carry, x

        _, chunks = jax.lax.scan(body, None, jnp.arange(num_chunks))
        return chunks

    return draw


def main():
    cfg = FlowConfig()
    model = RealNVP(cfg)
    params = model.init(jax.random.key(0), jnp.zeros((1, cfg.dim)))
    draw = make_sampler(model, params, jax.random.key(1), chunk=6)
    chunks = draw(4)
    print("sample mean", chunks.reshape(-1, cfg.dim).mean(0))
    return chunks
