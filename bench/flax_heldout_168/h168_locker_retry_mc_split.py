# label: ok
# flax-error: none
# class: 5 the scan body calls a retry/backoff wrapper around functools.partial(model.apply, variables) kept on the service; per-sample dropout keys are split before the scan and enter as xs
"""Parcel locker demand forecaster: Monte-Carlo dropout samples of tomorrow's locker demand per
site, served through a retry/backoff wrapper around the model call."""
import dataclasses
import functools
import time

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class RetryPolicy:
    attempts: int = 3
    base_delay_s: float = 0.0
    multiplier: float = 2.0
    retry_on: tuple = (RuntimeError, OSError)


class RetryingCall:
    """Calls `fn`, retrying transient failures with exponential backoff."""

    def __init__(self, fn, policy: RetryPolicy):
        self._fn = fn
        self._policy = policy

    def __call__(self, *args, **kwargs):
        delay = self._policy.base_delay_s
        for attempt in range(self._policy.attempts):
            try:
                return self._fn(*args, **kwargs)
            except self._policy.retry_on:
                if attempt == self._policy.attempts - 1:
                    raise
                time.sleep(delay)
                delay *= self._policy.multiplier


class LockerDemandNet(nn.Module):
    sites: int

    @nn.compact
    def __call__(self, features, deterministic: bool):
        h = nn.relu(nn.Dense(32)(features))
        h = nn.Dropout(rate=0.3)(h, deterministic=deterministic)
        return nn.softplus(nn.Dense(self.sites)(h))


class LockerForecastService:
    def __init__(self, model, variables, seed: int, retry: RetryPolicy = RetryPolicy()):
        apply_fn = functools.partial(model.apply, variables, deterministic=False)
        self._predict = RetryingCall(apply_fn, retry)
        self._dropout_key = jax.random.key(seed)

    def demand_samples(self, features, num_samples: int):
        def draw(carry, dropout_key):
            return carry, self._predict(features, rngs={"dropout": dropout_key})

        keys = jax.random.split(self._dropout_key, num_samples)
        _, samples = scan(draw, None, keys)
        return samples


def main():
    model = LockerDemandNet(sites=5)
    features = jax.random.normal(jax.random.key(8), (7,))
    variables = model.init(jax.random.key(0), features, deterministic=True)
    service = LockerForecastService(model, variables, seed=21)
    samples = service.demand_samples(features, num_samples=8)
    return samples
