# label: ok
# flax-error: none
# class: 5 the scan body is compose(normalize, policy, to_green_split) where the policy stage comes from make_policy(model, variables, key) with a key split beforehand and scanned over
"""Traffic signal timing: Monte Carlo dropout over the phase-split policy gives an ensemble of
green-time plans for one intersection snapshot, used to size the safety margin."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


class PhasePolicy(nn.Module):
    n_phases: int = 4
    rate: float = 0.3

    @nn.compact
    def __call__(self, queues, train: bool = True):
        h = nn.relu(nn.Dense(32)(queues))
        h = nn.Dropout(self.rate, deterministic=not train)(h)
        return nn.Dense(self.n_phases)(h)


def compose(*stages):
    def run(x):
        for stage in stages:
            x = stage(x)
        return x
    return run


def normalize(queues):
    return queues / (1.0 + jnp.sum(queues, axis=-1, keepdims=True))


def to_green_split(logits, cycle_s=90.0, min_green=5.0):
    share = jax.nn.softmax(logits, axis=-1)
    return min_green + share * (cycle_s - min_green * logits.shape[-1])


def make_policy(model, variables, key):
    return functools.partial(model.apply, variables, train=True, rngs={"dropout": key})


def plan_ensemble(model, variables, queues, key, n_samples):
    def sample(count, sample_key):
        step_fn = compose(normalize, make_policy(model, variables, sample_key), to_green_split)
        return count + 1, step_fn(queues)

    _, plans = jax.lax.scan(sample, 0, jax.random.split(key, n_samples))
    return plans


def main():
    queues = jnp.array([[12.0, 3.0, 7.0, 1.0]])
    model = PhasePolicy()
    variables = model.init(jax.random.key(0), queues, train=False)
    plans = plan_ensemble(model, variables, queues, jax.random.key(1), n_samples=8)
    return plans
