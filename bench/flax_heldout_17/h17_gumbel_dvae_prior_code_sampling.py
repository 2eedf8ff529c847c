# label: same-values
# flax-error: none
# class: 4 DVAE.sample_codes scans a body that calls CodePrior.draw, which calls the GumbelQuantizer submodule whose make_rng draws the noise
"""Discrete VAE with a Gumbel-softmax quantizer; sample codes from the learned prior."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class DVAEConfig:
    num_codes: int = 8
    positions: int = 4
    hidden: int = 16
    tau: float = 0.7


class GumbelQuantizer(nn.Module):
    tau: float

    @nn.compact
    def __call__(self, logits, hard: bool = True):
        u = jax.random.uniform(self.make_rng("gumbel"), logits.shape, minval=1e-6, maxval=1.0)
        y = jax.nn.softmax((logits - jnp.log(-jnp.log(u))) / self.tau, -1)
        if hard:
            y_hard = jax.nn.one_hot(jnp.argmax(y, -1), logits.shape[-1])
            y = y + jax.lax.stop_gradient(y_hard - y)
        return y


class CodePrior(nn.Module):
    cfg: DVAEConfig

    def setup(self):
        self.logits = self.param("logits", nn.initializers.normal(1.0), (self.cfg.positions, self.cfg.num_codes))
        self.quantizer = GumbelQuantizer(self.cfg.tau)

    def log_prob(self, codes):
        return jnp.sum(codes * jax.nn.log_softmax(self.logits), axis=(-1, -2))

    def draw(self):
        return self.quantizer(self.logits)


class DVAE(nn.Module):
    cfg: DVAEConfig

    def setup(self):
        self.encoder = nn.Dense(self.cfg.positions * self.cfg.num_codes)
        self.decoder = nn.Dense(6)
        self.prior = CodePrior(self.cfg)
        self.posterior_quantizer = GumbelQuantizer(self.cfg.tau)

    def __call__(self, x):
        logits = self.encoder(x).reshape(x.shape[0], self.cfg.positions, self.cfg.num_codes)
        codes = self.posterior_quantizer(logits)
        return self.decoder(codes.reshape(x.shape[0], -1)), self.prior.log_prob(codes)

    def sample_codes(self, num_samples: int):
        def body(carry, _):
            return carry, self.prior.draw()

        _, codes = jax.lax.scan(body, None, None, length=num_samples)
        return codes


def main():
    cfg = DVAEConfig()
    model = DVAE(cfg)
    x = jnp.ones((2, 6))
    variables = model.init({"params": jax.random.key(0), "gumbel": jax.random.key(1)}, x)
    codes = model.apply(variables, 5, method=DVAE.sample_codes, rngs={"gumbel": jax.random.key(7)})
    print(codes.argmax(-1))
    return codes
