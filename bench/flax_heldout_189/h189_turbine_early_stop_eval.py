# label: ok
# flax-error: none
# class: 4 the early-stopping controller's while_loop body reaches the bound detector through self.validator.bound, and the validator derives an eval config, so BatchNorm only reads the running averages
"""Wind-turbine gearbox fault detection: an early-stopping controller scores validation
rounds of vibration spectra until the score stops improving for `patience` rounds."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn

BINS = 48


@dataclasses.dataclass(frozen=True)
class DetectorConfig:
    hidden: int = 32
    train: bool = True
    patience: int = 3
    max_rounds: int = 10


class FaultDetector(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, spectra, train: bool):
        h = nn.Dense(self.hidden)(jnp.log1p(spectra))
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.Dense(1)(nn.relu(h))[..., 0]


class Validator:
    def __init__(self, model, variables, cfg):
        self.cfg = dataclasses.replace(cfg, train=False)
        self.bound = model.bind(variables)

    def score(self, spectra, labels):
        logits = self.bound(spectra, train=self.cfg.train)
        return jnp.mean(jnp.logaddexp(0.0, logits) - labels * logits)


class EarlyStopper:
    def __init__(self, validator, cfg):
        self.validator = validator
        self.cfg = cfg

    def run(self, rounds_x, rounds_y):
        def keep_going(state):
            r, _, stale = state
            return (r < self.cfg.max_rounds) & (stale < self.cfg.patience)

        def one_round(state):
            r, best, stale = state
            x = jax.lax.dynamic_index_in_dim(rounds_x, r % rounds_x.shape[0], keepdims=False)
            y = jax.lax.dynamic_index_in_dim(rounds_y, r % rounds_y.shape[0], keepdims=False)
            loss = self.validator.score(x, y)
            improved = loss < best
            return r + 1, jnp.where(improved, loss, best), jnp.where(improved, 0, stale + 1)

        init = (jnp.int32(0), jnp.float32(jnp.inf), jnp.int32(0))
        return jax.lax.while_loop(keep_going, one_round, init)


def main():
    cfg = DetectorConfig()
    model = FaultDetector(cfg.hidden)
    xs = jnp.abs(jax.random.normal(jax.random.PRNGKey(0), (5, 16, BINS)))
    ys = (jax.random.uniform(jax.random.PRNGKey(1), (5, 16)) > 0.8).astype(jnp.float32)
    variables = model.init(jax.random.PRNGKey(2), xs[0], train=False)
    EarlyStopper(Validator(model, variables, cfg), cfg).run(xs, ys)
    return None
