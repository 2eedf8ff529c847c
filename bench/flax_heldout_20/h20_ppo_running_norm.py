# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 RunningNorm writes norm_stats in _merge(), reached from the rollout scan via _act() -> __call__(update_stats=True), run through a jitted functools.partial factory
"""On-policy collection for an actor-critic agent with observation normalisation; the
running statistics returned by one (jitted) collection are fed into the next."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class PPOConfig:
    obs_dim: int = 4
    n_actions: int = 3
    hidden: int = 32
    horizon: int = 6
    n_envs: int = 4


class RunningNorm(nn.Module):
    eps: float = 1e-5
    def _merge(self, count, mean, var, x):
        b_mean, b_var, b_n = x.mean(0), x.var(0), x.shape[0]
        delta = b_mean - mean.value
        total = count.value + b_n
        m2 = var.value * count.value + b_var * b_n + delta**2 * count.value * b_n / total
        mean.value = mean.value + delta * b_n / total
        var.value = m2 / total
        count.value = total

    @nn.compact
    def __call__(self, x, update: bool):
        count = self.variable("norm_stats", "count", lambda: jnp.array(1e-4))
        mean = self.variable("norm_stats", "mean", lambda: jnp.zeros(x.shape[-1]))
        var = self.variable("norm_stats", "var", lambda: jnp.ones(x.shape[-1]))
        if update and not self.is_initializing():
            self._merge(count, mean, var, x)
        return (x - mean.value) / jnp.sqrt(var.value + self.eps)


def toy_env_step(obs, action):
    return 0.9 * obs + 0.5 * (jax.nn.one_hot(action, obs.shape[-1]) - 0.25)


class ActorCritic(nn.Module):
    cfg: PPOConfig

    def setup(self):
        self.norm = RunningNorm()
        self.torso = nn.Dense(self.cfg.hidden)
        self.pi, self.v = nn.Dense(self.cfg.n_actions), nn.Dense(1)

    def __call__(self, obs, update_stats: bool = False):
        h = nn.tanh(self.torso(self.norm(obs, update_stats)))
        return self.pi(h), self.v(h).squeeze(-1)

    def _act(self, obs, key):
        logits, value = self(obs, update_stats=True)
        return jax.random.categorical(key, logits), value

    def rollout(self, obs0, keys):
        def body(obs, key):
            action, value = self._act(obs, key)
            return toy_env_step(obs, action), (obs, action, value)

        return jax.lax.scan(body, obs0, keys)


def make_collector(model):
    return jax.jit(functools.partial(model.apply, method=ActorCritic.rollout, mutable=["norm_stats"]))


class Collector:
    def __init__(self, model, variables, cfg):
        self.cfg, self.collect_fn = cfg, make_collector(model)
        self.params, self.norm_stats = variables["params"], variables["norm_stats"]

    def collect(self, obs0, key):
        keys = jax.random.split(key, self.cfg.horizon)
        (_, traj), state = self.collect_fn({"params": self.params, "norm_stats": self.norm_stats}, obs0, keys)
        self.norm_stats = state["norm_stats"]
        return traj


def main():
    cfg = PPOConfig()
    model = ActorCritic(cfg)
    obs0 = jax.random.normal(jax.random.key(0), (cfg.n_envs, cfg.obs_dim))
    collector = Collector(model, model.init(jax.random.key(1), obs0), cfg)
    for i in range(2):
        collector.collect(obs0, jax.random.key(10 + i))
    return None
