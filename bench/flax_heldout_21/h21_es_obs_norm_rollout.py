# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/RunningNorm_0" because collection "obs_norm" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 an update_stats flag from the ES config reaches a running observation normaliser inside the policy applied in a jitted lax.while_loop episode rollout
"""OpenAI-style evolution strategies for a cart-balancing task with a normalised-observation policy."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.flatten_util import ravel_pytree


@dataclass(frozen=True)
class ESConfig:
    pop: int = 6
    sigma: float = 0.05
    lr: float = 0.02
    max_steps: int = 20
    update_stats: bool = True


class RunningNorm(nn.Module):
    @nn.compact
    def __call__(self, obs, update_stats):
        mean = self.variable("obs_norm", "mean", jnp.zeros, obs.shape)
        var = self.variable("obs_norm", "var", jnp.ones, obs.shape)
        if update_stats:
            delta = obs - mean.value
            mean.value = mean.value + 0.01 * delta
            var.value = 0.99 * var.value + 0.01 * delta ** 2
        return (obs - mean.value) / jnp.sqrt(var.value + 1e-5)


class Policy(nn.Module):
    @nn.compact
    def __call__(self, obs, update_stats=False):
        x = RunningNorm()(obs, update_stats)
        return jnp.tanh(nn.Dense(1)(nn.tanh(nn.Dense(16)(x))))[0]


def env_step(state, action):
    x, v, th, w = state
    w = w + 0.05 * (9.8 * jnp.sin(th) - action * jnp.cos(th))
    v = v + 0.05 * action
    new = jnp.array([x + 0.05 * v, v, th + 0.05 * w, w])
    return new, 1.0, jnp.abs(new[2]) > 0.6


@functools.partial(jax.jit, static_argnames=("policy", "cfg"))
def episode_return(policy, cfg, params, obs_stats, s0):
    def cond(c):
        t, _, _, done = c
        return (t < cfg.max_steps) & ~done

    def body(c):
        t, s, ret, _ = c
        a = policy.apply({"params": params, **obs_stats}, s, update_stats=cfg.update_stats)
        s, r, done = env_step(s, a)
        return t + 1, s, ret + r, done

    return jax.lax.while_loop(cond, body, (0, s0, 0.0, False))[2]


def es_generation(policy, cfg, variables, key, s0):
    flat, unravel = ravel_pytree(variables["params"])
    eps = jax.random.normal(key, (cfg.pop, flat.size))
    stats = {"obs_norm": variables["obs_norm"]}
    rets = jnp.stack([episode_return(policy, cfg, unravel(flat + cfg.sigma * e), stats, s0) for e in eps])
    adv = (rets - rets.mean()) / (rets.std() + 1e-8)
    return unravel(flat + cfg.lr / (cfg.pop * cfg.sigma) * eps.T @ adv), rets.mean()


def main():
    cfg = ESConfig()
    policy = Policy()
    s0 = jnp.array([0.0, 0.0, 0.05, 0.0])
    variables = policy.init(jax.random.key(0), s0)
    new_params, mean_ret = es_generation(policy, cfg, variables, jax.random.key(1), s0)
    print(float(mean_ret))
    return None
