# label: same-values
# flax-error: none
# class: 4 an ApplyFn wrapper object stores model.apply and a dropout key taken from the config; the fori_loop body calls the wrapper, which passes the same stored key every sample
"""Monte-Carlo dropout uncertainty estimation for a trained regressor.

`StochasticPredictor` wraps `model.apply` with the dropout RNG baked in so callers can
treat it as a plain function. The evaluation harness draws N stochastic forward passes
with a raw `jax.lax.fori_loop`, writing each sample into a preallocated buffer.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


class DropoutMLP(nn.Module):
    hidden: int = 32
    rate: float = 0.3

    @nn.compact
    def __call__(self, x, deterministic: bool = True):
        h = nn.relu(nn.Dense(self.hidden)(x))
        h = nn.Dropout(self.rate, deterministic=deterministic)(h)
        return nn.Dense(1)(h)


@dataclasses.dataclass
class EvalConfig:
    mc_samples: int = 8
    seed: int = 42


class StochasticPredictor:
    def __init__(self, model, variables, cfg: EvalConfig):
        self.model = model
        self.variables = variables
        self.rng = jax.random.PRNGKey(cfg.seed)

    def __call__(self, x):
        return self.model.apply(
            self.variables, x, deterministic=False, rngs={"dropout": self.rng})


class MCDropoutHarness:
    def __init__(self, predictor: StochasticPredictor, cfg: EvalConfig):
        self.predict = predictor
        self.cfg = cfg

    def sample(self, x):
        n = self.cfg.mc_samples
        buf = jnp.zeros((n,) + x.shape[:-1] + (1,))

        def body(i, buf):
            return buf.at[i].set(self.predict(x))

        return jax.lax.fori_loop(0, n, body, buf)


def main():
    cfg = EvalConfig()
    model = DropoutMLP()
    x = jax.random.normal(jax.random.PRNGKey(0), (4, 5))
    variables = model.init(jax.random.PRNGKey(1), x)
    harness = MCDropoutHarness(StochasticPredictor(model, variables, cfg), cfg)
    samples = harness.sample(x)
    return samples
