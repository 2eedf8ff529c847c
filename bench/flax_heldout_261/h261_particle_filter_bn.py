# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the while_loop body reaches the Linen transition net through self.transition.net and self.transition.variables
import dataclasses
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
from flax import linen
from jax import lax


class TransitionNet(linen.Module):
    hidden: int = 16

    @linen.compact
    def __call__(self, z, train: bool = False):
        h = linen.Dense(self.hidden)(z)
        h = linen.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        h = linen.tanh(h)
        return linen.Dense(z.shape[-1])(h)


@dataclasses.dataclass
class Transition:
    net: linen.Module
    variables: Any
    noise_scale: float = 0.1


class FilterState(NamedTuple):
    t: jax.Array
    particles: jax.Array
    log_evidence: jax.Array
    key: jax.Array


class BootstrapFilter:
    def __init__(self, transition: Transition, obs_std: float = 0.5):
        self.transition = transition
        self.obs_std = obs_std

    def log_likelihood(self, particles, y):
        return -0.5 * jnp.sum(((particles - y) / self.obs_std) ** 2, axis=-1)

    def run(self, observations, particles, key):
        n_obs = observations.shape[0]

        def cond(s: FilterState):
            return s.t < n_obs

        def body(s: FilterState):
            key, k_move, k_resample = jax.random.split(s.key, 3)
            drift = self.transition.net.apply(self.transition.variables, s.particles, train=True)
            moved = s.particles + drift + self.transition.noise_scale * jax.random.normal(k_move, s.particles.shape)
            logw = self.log_likelihood(moved, observations[s.t])
            log_evidence = s.log_evidence + jax.nn.logsumexp(logw) - jnp.log(logw.shape[0])
            idx = jax.random.categorical(k_resample, logw, shape=(logw.shape[0],))
            return FilterState(s.t + 1, moved[idx], log_evidence, key)

        init = FilterState(jnp.array(0), particles, jnp.array(0.0), key)
        return lax.while_loop(cond, body, init)


def main():
    net = TransitionNet()
    particles = jax.random.normal(jax.random.key(0), (32, 2))
    variables = net.init(jax.random.key(1), particles)
    observations = jnp.cumsum(0.3 * jnp.ones((5, 2)), axis=0)
    pf = BootstrapFilter(Transition(net, variables))
    final = pf.run(observations, particles, jax.random.key(2))
    jax.block_until_ready(final.log_evidence)
    return None
