# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 BellTuner.policy chosen from POLICIES by a Voicing enum holds functools.partial(model.apply, variables) called in the while body
"""Carillon bell tuning assistant.

The tuner shaves the inner profile of a ring of bells until the predicted hum-partial deviation
is within tolerance; how the network is run is a policy picked by a strategy enum."""
import enum
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


class Voicing(enum.Enum):
    ADAPTIVE = "adaptive"
    FROZEN = "frozen"


class PartialNet(nn.Module):
    @nn.compact
    def __call__(self, profile, adapt: bool):
        h = nn.Dense(16)(profile)
        h = nn.BatchNorm(use_running_average=not adapt)(h)
        return 40.0 * nn.tanh(nn.Dense(1)(nn.tanh(h))).squeeze(-1)  # cents


class AdaptivePolicy:
    adapt = True

    def __init__(self, model, variables):
        self.apply_fn = functools.partial(model.apply, variables)

    def deviation(self, profile):
        return self.apply_fn(profile, adapt=self.adapt)


class FrozenPolicy(AdaptivePolicy):
    adapt = False


POLICIES = {Voicing.ADAPTIVE: AdaptivePolicy, Voicing.FROZEN: FrozenPolicy}


class BellTuner:
    def __init__(self, model, variables, strategy: Voicing, tolerance=2.0, max_cuts=12):
        self.policy = POLICIES[strategy](model, variables)
        self.tolerance = tolerance
        self.max_cuts = max_cuts

    def tune(self, profile):
        def cond(carry):
            cuts, _, dev = carry
            return (cuts < self.max_cuts) & (jnp.max(jnp.abs(dev)) > self.tolerance)

        def body(carry):
            cuts, prof, dev = carry
            prof = prof - 0.02 * jnp.sign(dev)[:, None]
            return cuts + 1, prof, self.policy.deviation(prof)

        init = (0, profile, jnp.full(profile.shape[:1], 100.0))
        cuts, profile, _ = jax.lax.while_loop(cond, body, init)
        return cuts, profile


def main():
    model = PartialNet()
    ring = jax.random.uniform(jax.random.key(8), (3, 6))
    variables = model.init(jax.random.key(0), ring, adapt=False)
    tuner = BellTuner(model, variables, Voicing.ADAPTIVE)
    jax.block_until_ready(tuner.tune(ring))
    return None
