# label: same-values
# flax-error: none
# class: 3 bound method of model.bind(..., rngs=) drawing self.make_rng inside the raw scan body
"""Handwriting generation: an LSTM with a mixture-density output samples pen offsets."""
import dataclasses
import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class StrokeConfig:
    hidden: int = 24
    mixtures: int = 5
    length: int = 6


class MixtureHead(nn.Module):
    mixtures: int

    @nn.compact
    def __call__(self, h):
        out = nn.Dense(self.mixtures * 5 + 1)(h)
        logits, mu, log_sigma, pen = jnp.split(out, [self.mixtures, 3 * self.mixtures, 5 * self.mixtures])
        return logits, mu.reshape(self.mixtures, 2), log_sigma.reshape(self.mixtures, 2), pen


class StrokeModel(nn.Module):
    cfg: StrokeConfig

    def setup(self):
        self.cell = nn.OptimizedLSTMCell(self.cfg.hidden)
        self.head = MixtureHead(self.cfg.mixtures)

    def __call__(self, carry, stroke):
        carry, h = self.cell(carry, stroke)
        return carry, self.head(h)

    def sample_offset(self, carry, stroke):
        carry, (logits, mu, log_sigma, pen) = self(carry, stroke)
        k_mix, k_xy = jax.random.split(self.make_rng("sample"))
        comp = jax.random.categorical(k_mix, logits)
        eps = jax.random.normal(k_xy, (2,))
        xy = mu[comp] + jnp.exp(log_sigma[comp]) * eps
        return carry, jnp.concatenate([xy, jax.nn.sigmoid(pen)]), eps


class StrokeSampler:
    def __init__(self, model, variables, seed):
        self.cfg = model.cfg
        self.bound = model.bind(variables, rngs={"sample": jax.random.key(seed)})

    def _step(self, state, _):
        carry, stroke = state
        carry, stroke, eps = self.bound.sample_offset(carry, stroke)
        return (carry, stroke), (stroke, eps)

    def generate(self):
        carry = self.bound.cell.initialize_carry(jax.random.key(0), (3,))
        _, (strokes, eps) = jax.lax.scan(self._step, (carry, jnp.zeros(3)), None, length=self.cfg.length)
        return strokes, eps


def main():
    cfg = StrokeConfig()
    model = StrokeModel(cfg)
    carry = nn.OptimizedLSTMCell(cfg.hidden).initialize_carry(jax.random.key(0), (3,))
    variables = model.init(jax.random.key(1), carry, jnp.zeros(3))
    sampler = StrokeSampler(model, variables, seed=7)
    strokes, eps = sampler.generate()
    print("pen-down ratio", float((strokes[:, 2] > 0.5).mean()))
    return eps
