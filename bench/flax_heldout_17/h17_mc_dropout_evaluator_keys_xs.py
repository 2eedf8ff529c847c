# label: ok
# flax-error: none
# class: 3 an Evaluator object's _one_pass method calls model.apply with a dropout key that the scan feeds in as xs
"""Uncertainty evaluation with MC dropout driven from a separate evaluator object."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class EvalConfig:
    num_samples: int = 6
    seed: int = 3


class FeedForward(nn.Module):
    width: int = 24
    rate: float = 0.25

    @nn.compact
    def __call__(self, x, deterministic: bool):
        x = nn.gelu(nn.Dense(self.width)(x))
        x = nn.Dropout(self.rate, deterministic=deterministic)(x)
        return nn.gelu(nn.Dense(self.width)(x))


class Regressor(nn.Module):
    @nn.compact
    def __call__(self, x, deterministic: bool = True):
        h = FeedForward(name="ff1")(x, deterministic)
        h = FeedForward(name="ff2")(h, deterministic)
        mean = nn.Dense(1, name="mean")(h)
        log_std = nn.Dense(1, name="log_std")(h)
        return jnp.concatenate([mean, log_std], -1)


class Evaluator:
    def __init__(self, model, variables, cfg: EvalConfig):
        self.model = model
        self.variables = variables
        self.cfg = cfg

    def _one_pass(self, key, x):
        return self.model.apply(self.variables, x, deterministic=False, rngs={"dropout": key})

    def predictive(self, x):
        keys = jax.random.split(jax.random.key(self.cfg.seed), self.cfg.num_samples)

        def body(carry, key):
            return carry, self._one_pass(key, x)

        _, outs = jax.lax.scan(body, None, keys)
        return outs


def main():
    model = Regressor()
    x = jnp.linspace(-1, 1, 10)[:, None]
    variables = model.init(jax.random.key(0), x)
    outs = Evaluator(model, variables, EvalConfig()).predictive(x)
    print("epistemic std", outs[..., 0].std(0).mean())
    return outs
